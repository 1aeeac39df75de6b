import { useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { fieldMessage } from './field-message.ts';
import { describedBy, FieldFrame } from './FieldFrame.tsx';

interface PasswordFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  autoComplete: 'current-password' | 'new-password';
  hint?: string;
}

/** A password input with a show/hide toggle, so people can check what they typed. */
export function PasswordField({ label, registration, error, autoComplete, hint }: PasswordFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const message = fieldMessage(label, error);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <div className="ui-password">
        <input
          id={id}
          className="ui-input"
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy(id, hint, message)}
          {...registration}
        />
        {/* Named by its text, not aria-label: a label-based lookup of the field ("Confirm password") must
            find only the input. */}
        <button type="button" className="ui-password__toggle" aria-controls={id} onClick={() => setVisible((shown) => !shown)}>
          <span aria-hidden="true">{visible ? 'Hide' : 'Show'}</span>
          <span className="sr-only">{`${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}</span>
        </button>
      </div>
    </FieldFrame>
  );
}
