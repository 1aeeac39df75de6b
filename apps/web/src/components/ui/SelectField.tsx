import { useId, type ReactNode } from 'react';
import { bindValue, type ValueBinding } from './binding.ts';
import { fieldMessage } from './field-message.ts';
import { describedBy, FieldFrame, type FieldLayout } from './FieldFrame.tsx';

interface SelectFieldProps extends ValueBinding {
  label: string;
  options: readonly { value: string; label: string }[];
  /** The first, empty choice ("Choose a state"), when the field may start empty. */
  placeholder?: string;
  error?: string;
  autoComplete?: string;
  hint?: ReactNode;
  layout?: FieldLayout;
  testId?: string;
  disabled?: boolean;
}

/** A labelled select whose hint and message are tied to it, like TextField. */
export function SelectField({
  label,
  options,
  placeholder,
  error,
  autoComplete,
  hint,
  layout,
  testId,
  disabled,
  ...binding
}: SelectFieldProps) {
  const id = useId();
  const message = fieldMessage(label, error);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} layout={layout}>
      <select
        id={id}
        className="ui-input"
        autoComplete={autoComplete}
        data-testid={testId}
        disabled={disabled}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(id, hint, message)}
        {...bindValue(binding)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
