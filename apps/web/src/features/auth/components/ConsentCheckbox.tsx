import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** A box the account holder must tick (the terms, the 18+ confirmation), with its error read out with it. */
export function ConsentCheckbox({
  registration,
  error,
  children,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <>
      <div className="form-check">
        <input
          id={id}
          type="checkbox"
          className="form-check__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...registration}
        />
        <label htmlFor={id} className="form-check__label">
          {children}
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      ) : null}
    </>
  );
}
