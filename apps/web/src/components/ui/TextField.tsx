import { useId, type ReactNode } from 'react';
import { bindValue, type ValueBinding } from './binding.ts';
import { fieldMessage } from './field-message.ts';
import { describedBy, FieldFrame, type FieldLayout } from './FieldFrame.tsx';

interface TextFieldProps extends ValueBinding {
  label: string;
  /** The form schema's or the server's message; a lower-case one is prefixed with the label. */
  error?: string;
  type?: 'text' | 'email' | 'number' | 'url' | 'tel' | 'datetime-local';
  autoComplete?: string;
  inputMode?: 'decimal' | 'numeric' | 'text' | 'email';
  maxLength?: number;
  hint?: ReactNode;
  layout?: FieldLayout;
  /** The label for screen readers only (a table's cell). */
  hideLabel?: boolean;
  /** An example of what to type ("LDC-XXXX-XXXX-XXXX"); never the only place an instruction is given. */
  placeholder?: string;
  /** Codes and numbers are not words: no spell-check underline. */
  spellCheck?: boolean;
  testId?: string;
}

/** A labelled input whose hint and message are tied to it. */
export function TextField({
  label,
  error,
  type = 'text',
  autoComplete,
  inputMode,
  maxLength,
  hint,
  layout,
  hideLabel,
  placeholder,
  spellCheck,
  testId,
  ...binding
}: TextFieldProps) {
  const id = useId();
  const message = fieldMessage(label, error);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} layout={layout} hideLabel={hideLabel}>
      <input
        id={id}
        className="ui-input"
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        placeholder={placeholder}
        spellCheck={spellCheck}
        data-testid={testId}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(id, hint, message)}
        {...bindValue(binding)}
      />
    </FieldFrame>
  );
}
