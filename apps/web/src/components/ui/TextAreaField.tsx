import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { fieldMessage } from './field-message.ts';
import { describedBy, FieldFrame, type FieldLayout } from './FieldFrame.tsx';

interface TextAreaFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: ReactNode;
  rows?: number;
  layout?: FieldLayout;
}

/** A labelled multi-line input, like TextField. */
export function TextAreaField({ label, registration, error, hint, rows = 3, layout }: TextAreaFieldProps) {
  const id = useId();
  const message = fieldMessage(label, error);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} layout={layout}>
      <textarea
        id={id}
        className="ui-input"
        rows={rows}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(id, hint, message)}
        {...registration}
      />
    </FieldFrame>
  );
}
