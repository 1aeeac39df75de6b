import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { fieldMessage } from '../profile-form.ts';

interface ProfileTextFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  autoComplete?: string;
  maxLength?: number;
}

/** A labelled text input whose message (from the form's schema or the server's 400) is tied to it. */
export function ProfileTextField({ label, registration, error, autoComplete, maxLength }: ProfileTextFieldProps) {
  const id = useId();
  const message = fieldMessage(label, error);
  return (
    <div className="profile-field">
      <label htmlFor={id} className="profile-field__label">
        {label}
      </label>
      <input
        id={id}
        className="profile-field__input"
        type="text"
        autoComplete={autoComplete}
        maxLength={maxLength}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        {...registration}
      />
      {message ? (
        <p id={`${id}-error`} className="profile-field__error">
          {message}
        </p>
      ) : null}
    </div>
  );
}
