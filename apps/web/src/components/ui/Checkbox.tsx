import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** A box with its label beside it (the terms, the 18+ confirmation, "Save this card"), its message read with it. */
export function Checkbox({
  registration,
  checked,
  onCheckedChange,
  value,
  error,
  children,
}: {
  /** A form's field; or, for one box a panel keeps in its own state, checked and onCheckedChange. */
  registration?: UseFormRegisterReturn;
  checked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  /** The value this box adds to a list field (one of several boxes registered under one name). */
  value?: string;
  error?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <>
      <div className="ui-check">
        <input
          id={id}
          type="checkbox"
          className="ui-check__input"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...(registration ?? { checked: checked ?? false, onChange: (event) => onCheckedChange?.(event.target.checked) })}
        />
        <label htmlFor={id} className="ui-check__label">
          {children}
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} className="ui-field__error">
          {error}
        </p>
      ) : null}
    </>
  );
}
