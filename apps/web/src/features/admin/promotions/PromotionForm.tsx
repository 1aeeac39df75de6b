import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminPromotionInput } from '@store/shared';
import { Button, SelectField, TextField } from '../../../components/ui/index.ts';
import { PROMOTION_SLOTS, promotionForm, type PromotionFormValues } from './promotion-form.ts';

export interface SubmitResult {
  /** The server refused a field: shown under it. */
  field?: keyof PromotionFormValues;
  message?: string;
}

interface Props {
  initial: PromotionFormValues;
  submitLabel: string;
  onSubmit: (values: AdminPromotionInput) => Promise<SubmitResult | void>;
  onCancel?: () => void;
}

const SLOT_OPTIONS = Object.entries(PROMOTION_SLOTS).map(([value, slot]) => ({ value, label: slot.label }));
const BONUS_TYPES = [
  { value: 'PERCENTAGE', label: 'Percentage of the coins' },
  { value: 'COINS', label: 'Coin bonus' },
];

/** Create or edit one promotion: which one, its name, the bonus, and the schedule (in the admin's time). */
export function PromotionForm({ initial, submitLabel, onSubmit, onCancel }: Props) {
  const { register, handleSubmit, setError, watch, formState } = useForm<PromotionFormValues, unknown, AdminPromotionInput>({
    resolver: zodResolver(promotionForm),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = formState;
  const percent = watch('bonusType') === 'PERCENTAGE';

  const submit = handleSubmit(async (values) => {
    const refused = await onSubmit(values);
    if (refused?.field) setError(refused.field, { message: refused.message }, { shouldFocus: true });
  });

  return (
    <form className="admin-form" aria-label="Promotion" onSubmit={(e) => void submit(e)} noValidate>
      <SelectField label="Which promotion" options={SLOT_OPTIONS} registration={register('slot')} error={errors.slot?.message} />
      <TextField label="Name" registration={register('name')} error={errors.name?.message} />
      <SelectField label="Bonus type" options={BONUS_TYPES} registration={register('bonusType')} error={errors.bonusType?.message} />
      <TextField
        label={percent ? 'Bonus (%)' : 'Bonus (coins)'}
        inputMode="numeric"
        registration={register('bonus')}
        error={errors.bonus?.message}
      />
      <TextField
        label="Starts"
        type="datetime-local"
        registration={register('startsAt')}
        error={errors.startsAt?.message}
        hint="Empty: now."
      />
      <TextField
        label="Ends"
        type="datetime-local"
        registration={register('endsAt')}
        error={errors.endsAt?.message}
        hint="Empty: until ended."
      />
      <div>
        <Button type="submit" variant="ghost" disabled={isSubmitting}>
          {submitLabel}
        </Button>{' '}
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
