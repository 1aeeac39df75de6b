import type { ChangeEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * How a control is bound: a form's field (react-hook-form's registration), or a single value a panel keeps in
 * its own state (a payment panel's ZIP, "Save this card"). One of the two; the first wins.
 */
export interface ValueBinding {
  registration?: UseFormRegisterReturn;
  name?: string;
  value?: string;
  onValueChange?: (value: string) => void;
}

/** The props that bind an input or select, from whichever binding was given. */
export function bindValue({ registration, name, value, onValueChange }: ValueBinding) {
  if (registration) return registration;
  return {
    name,
    value: value ?? '',
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onValueChange?.(event.target.value),
  };
}
