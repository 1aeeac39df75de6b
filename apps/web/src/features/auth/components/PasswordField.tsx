import { useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { fieldMessage } from '../form-schemas.ts';

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
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const [visible, setVisible] = useState(false);
  const message = fieldMessage(label, error);
  const describedBy = [hint ? hintId : null, message ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-field__label">
        {label}
      </label>
      <div className="form-field__password">
        <input
          id={id}
          className="form-field__input"
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy}
          {...registration}
        />
        {/* Named by its text, not aria-label: a label-based lookup of the field ("Confirm password") must
            find only the input. */}
        <button type="button" className="form-field__toggle" aria-controls={id} onClick={() => setVisible((shown) => !shown)}>
          <span aria-hidden="true">{visible ? 'Hide' : 'Show'}</span>
          <span className="visually-hidden">{`${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}</span>
        </button>
      </div>
      {hint ? (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      {message ? (
        <p id={errorId} className="form-field__error">
          {message}
        </p>
      ) : null}
    </div>
  );
}
