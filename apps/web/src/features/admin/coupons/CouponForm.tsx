import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminCouponInput } from '@store/shared';
import { Button, SelectField, TextField } from '../../../components/ui/index.ts';
import { couponForm, type CouponFormValues } from './coupon-form.ts';

export interface SubmitResult {
  field?: keyof CouponFormValues;
  message?: string;
}

interface Props {
  initial: CouponFormValues;
  submitLabel: string;
  onSubmit: (values: AdminCouponInput) => Promise<SubmitResult | void>;
  onCancel?: () => void;
}

const KINDS = [
  { value: 'PERCENT', label: 'Percentage off' },
  { value: 'FIXED', label: 'Fixed amount off' },
];

/** Create or edit one coupon: code, kind and amount, window, minimum order, limits. */
export function CouponForm({ initial, submitLabel, onSubmit, onCancel }: Props) {
  const { register, handleSubmit, setError, watch, formState } = useForm<CouponFormValues, unknown, AdminCouponInput>({
    resolver: zodResolver(couponForm),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = formState;
  const percent = watch('kind') === 'PERCENT';

  const submit = handleSubmit(async (values) => {
    const refused = await onSubmit(values);
    if (refused?.field) setError(refused.field, { message: refused.message }, { shouldFocus: true });
  });

  return (
    <form className="admin-form" aria-label="Coupon" onSubmit={(e) => void submit(e)} noValidate>
      <TextField label="Code" registration={register('code')} error={errors.code?.message} hint="Shoppers type it in any case." />
      <TextField label="Description" registration={register('description')} error={errors.description?.message} />
      <SelectField label="Kind" options={KINDS} registration={register('kind')} error={errors.kind?.message} />
      <TextField
        label={percent ? 'Amount (%)' : 'Amount ($)'}
        inputMode={percent ? 'numeric' : 'decimal'}
        registration={register('amount')}
        error={errors.amount?.message}
      />
      <TextField
        label="Minimum order ($)"
        inputMode="decimal"
        registration={register('minimum')}
        error={errors.minimum?.message}
        hint="Empty: any order."
      />
      <TextField
        label="Uses in all"
        inputMode="numeric"
        registration={register('maxRedemptions')}
        error={errors.maxRedemptions?.message}
        hint="Empty: no limit."
      />
      <TextField
        label="Uses per shopper"
        inputMode="numeric"
        registration={register('perUserLimit')}
        error={errors.perUserLimit?.message}
        hint="Empty: no limit."
      />
      <TextField
        label="Valid from"
        type="datetime-local"
        registration={register('startsAt')}
        error={errors.startsAt?.message}
        hint="Empty: now."
      />
      <TextField
        label="Valid until"
        type="datetime-local"
        registration={register('endsAt')}
        error={errors.endsAt?.message}
        hint="Empty: no end."
      />
      <label>
        <input type="checkbox" {...register('active')} /> Shoppers can use it
      </label>
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
