import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { fieldMessage } from '../profile-form.ts';

interface ProfileSelectFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  options: readonly { value: string; label: string }[];
  /** The first, empty choice ("Choose a state"), when the field may start empty. */
  placeholder?: string;
  error?: string;
  autoComplete?: string;
}

/** A labelled select whose message is tied to it, like ProfileTextField. */
export function ProfileSelectField({ label, registration, options, placeholder, error, autoComplete }: ProfileSelectFieldProps) {
  const id = useId();
  const message = fieldMessage(label, error);
  return (
    <div className="profile-field">
      <label htmlFor={id} className="profile-field__label">
        {label}
      </label>
      <select
        id={id}
        className="profile-field__input"
        autoComplete={autoComplete}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        {...registration}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {message ? (
        <p id={`${id}-error`} className="profile-field__error">
          {message}
        </p>
      ) : null}
    </div>
  );
}
