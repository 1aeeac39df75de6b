import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { fieldMessage } from '../form-schemas.ts';

interface TextFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  type?: 'text' | 'email';
  autoComplete?: string;
}

export function TextField({ label, registration, error, type = 'text', autoComplete }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const message = fieldMessage(label, error);
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-field__label">
        {label}
      </label>
      <input
        id={id}
        className="form-field__input"
        type={type}
        autoComplete={autoComplete}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? errorId : undefined}
        {...registration}
      />
      {message ? (
        <p id={errorId} className="form-field__error">
          {message}
        </p>
      ) : null}
    </div>
  );
}
