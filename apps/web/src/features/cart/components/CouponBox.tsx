import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatCents } from '@store/shared';
import { lazyZodResolver, useIdlePreload } from '../../../lib/lazy-resolver.ts';
import { Button, OutcomeMessage, Panel, TextField } from '../../../components/ui/index.ts';
import { useCartApplyCouponMutation } from '../api/apply-coupon.ts';
import type { AvailableCoupon, CartCoupon, CouponIssue } from '../types.ts';
import { failureText } from '../../../lib/api-failure.ts';
import type { CouponFormValues } from './coupon-form.ts';

const describe = (coupon: Pick<AvailableCoupon, 'kind' | 'amount'>) =>
  coupon.kind === 'PERCENT' ? `${coupon.amount}% off` : `${formatCents(coupon.amount)} off`;

// The schema and zod come once the cart is idle, or at the first apply (issue 26).
const couponResolver = lazyZodResolver(() => import('./coupon-form.ts').then((module) => module.couponForm));

/** The coupons on offer, a field to apply one by code, and why a coupon applied earlier no longer counts. */
export function CouponBox({
  applied,
  issue,
  coupons,
}: {
  applied: CartCoupon | null;
  issue: CouponIssue | null;
  /** The coupons on offer (GET v1/checkout/coupons), asked by the cart page with the cart. */
  coupons: AvailableCoupon[];
}) {
  const [error, setError] = useState<string | null>(null);
  const [applyCoupon, { isLoading }] = useCartApplyCouponMutation();
  const { register, handleSubmit, reset, formState } = useForm<CouponFormValues>({
    resolver: useIdlePreload(couponResolver),
    defaultValues: { coupon: '' },
  });

  async function apply(code: string) {
    setError(null);
    try {
      await applyCoupon(code).unwrap();
      reset({ coupon: '' });
    } catch (failure) {
      setError(failureText(failure, 'That coupon could not be applied.'));
    }
  }

  const submit = handleSubmit(({ coupon }) => apply(coupon));

  return (
    <Panel title="Coupons" className="coupon-box">
      {applied ? (
        <p className="coupon-box__applied" role="status">
          Coupon <strong>{applied.code}</strong> applied: {describe(applied)}
        </p>
      ) : null}
      {issue ? (
        <OutcomeMessage tone="info" testId="coupon-issue">
          {issue.message}
        </OutcomeMessage>
      ) : null}
      <form className="ui-inline-form coupon-box__form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label="Coupon code"
          registration={register('coupon')}
          error={formState.errors.coupon?.message}
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          testId="coupon-input"
        />
        <Button type="submit" variant="outline" busy={isLoading} busyLabel="Applying…" data-testid="apply-coupon">
          Apply
        </Button>
      </form>
      {error ? <OutcomeMessage tone="error">{error}</OutcomeMessage> : null}
      {coupons.length > 0 ? (
        <ul className="coupon-box__list" aria-label="Available coupons">
          {coupons.map((coupon) => (
            <li key={coupon.code} className="coupon-box__offer">
              <div>
                <strong>{coupon.code}</strong> · {describe(coupon)}
                {coupon.minSubtotalCents > 0 ? <span> on orders from {formatCents(coupon.minSubtotalCents)}</span> : null}
                {coupon.description ? <p className="cart-muted">{coupon.description}</p> : null}
              </div>
              <Button
                variant="link"
                aria-label={`Apply ${coupon.code}`}
                disabled={isLoading || applied?.code === coupon.code}
                onClick={() => void apply(coupon.code)}
              >
                {applied?.code === coupon.code ? 'Applied' : 'Apply'}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </Panel>
  );
}
