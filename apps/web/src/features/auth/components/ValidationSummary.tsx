import type { FieldErrors, FieldValues } from 'react-hook-form';
import { FormAlert } from './FormAlert.tsx';

/** After a refused submit, tells screen-reader users how many fields need attention. */
export function ValidationSummary<T extends FieldValues>({ errors, submitCount }: { errors: FieldErrors<T>; submitCount: number }) {
  const count = Object.keys(errors).length;
  if (submitCount === 0 || count === 0) return null;
  return (
    <FormAlert tone="error">
      {count === 1 ? 'Please correct the field marked below.' : `Please correct the ${count} fields marked below.`}
    </FormAlert>
  );
}
