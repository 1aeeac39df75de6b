import type { FieldErrors, FieldValues } from 'react-hook-form';
import { OutcomeMessage } from '../../../components/ui/index.ts';

/** After a refused submit, tells screen-reader users how many fields need attention. */
export function ValidationSummary<T extends FieldValues>({ errors, submitCount }: { errors: FieldErrors<T>; submitCount: number }) {
  const count = Object.keys(errors).length;
  if (submitCount === 0 || count === 0) return null;
  return (
    <OutcomeMessage tone="error">
      {count === 1 ? 'Please correct the field marked below.' : `Please correct the ${count} fields marked below.`}
    </OutcomeMessage>
  );
}
