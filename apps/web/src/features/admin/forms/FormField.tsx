import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

// One labelled input of the console's promotion, coupon and settings forms, with its error under it
// (the input names the error, so a screen reader reads it with the field).

interface FieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  type?: 'text' | 'number' | 'datetime-local' | 'email' | 'url';
  hint?: ReactNode;
  inputMode?: 'decimal' | 'numeric' | 'text';
}

export function FormField({ label, registration, error, type = 'text', hint, inputMode }: FieldProps) {
  const id = useId();
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...registration}
      />
      {hint && <small>{hint}</small>}
      {error && (
        <p id={`${id}-error`} className="admin-result admin-result--error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

interface SelectProps {
  label: string;
  registration: UseFormRegisterReturn;
  options: { value: string; label: string }[];
  error?: string;
}

export function SelectField({ label, registration, options, error }: SelectProps) {
  const id = useId();
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-invalid={error ? true : undefined} {...registration}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p className="admin-result admin-result--error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

interface TextAreaProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: ReactNode;
  rows?: number;
}

export function TextAreaField({ label, registration, error, hint, rows = 3 }: TextAreaProps) {
  const id = useId();
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} rows={rows} aria-invalid={error ? true : undefined} {...registration} />
      {hint && <small>{hint}</small>}
      {error && (
        <p className="admin-result admin-result--error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
