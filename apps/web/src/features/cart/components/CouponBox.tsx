import { useId, useState, type FormEvent } from 'react';
import { formatCents } from '@store/shared';
import { useCartCouponsQuery } from '../api/coupons.ts';
import { useCartApplyCouponMutation } from '../api/apply-coupon.ts';
import type { AvailableCoupon, CartCoupon, CouponIssue } from '../types.ts';
import { failureText } from '../../../lib/api-failure.ts';

const describe = (coupon: Pick<AvailableCoupon, 'kind' | 'amount'>) =>
  coupon.kind === 'PERCENT' ? `${coupon.amount}% off` : `${formatCents(coupon.amount)} off`;

/** The coupons on offer, a field to apply one by code, and why a coupon applied earlier no longer counts. */
export function CouponBox({ applied, issue }: { applied: CartCoupon | null; issue: CouponIssue | null }) {
  const inputId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { data: coupons = [] } = useCartCouponsQuery();
  const [applyCoupon, { isLoading }] = useCartApplyCouponMutation();

  async function apply(value: string) {
    const trimmed = value.trim();
    setError(null);
    if (!trimmed) {
      setError('Enter a coupon code.');
      return;
    }
    try {
      await applyCoupon(trimmed).unwrap();
      setCode('');
    } catch (failure) {
      setError(failureText(failure, 'That coupon could not be applied.'));
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void apply(code);
  }

  return (
    <section className="cart-panel coupon-box" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>Coupons</h2>
      {applied ? (
        <p className="coupon-box__applied" role="status">
          Coupon <strong>{applied.code}</strong> applied: {describe(applied)}
        </p>
      ) : null}
      {issue ? (
        <p className="coupon-box__issue" role="status" data-testid="coupon-issue">
          {issue.message}
        </p>
      ) : null}
      <form className="coupon-box__form" onSubmit={submit} noValidate>
        <label htmlFor={inputId}>Coupon code</label>
        <div className="coupon-box__row">
          <input
            id={inputId}
            data-testid="coupon-input"
            value={code}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(event) => setCode(event.target.value)}
          />
          <button type="submit" className="cart-button cart-button--secondary" data-testid="apply-coupon" disabled={isLoading}>
            Apply
          </button>
        </div>
        {error ? (
          <p id={`${inputId}-error`} className="cart-error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
      {coupons.length > 0 ? (
        <ul className="coupon-box__list" aria-label="Available coupons">
          {coupons.map((coupon) => (
            <li key={coupon.code} className="coupon-box__offer">
              <div>
                <strong>{coupon.code}</strong> · {describe(coupon)}
                {coupon.minSubtotalCents > 0 ? <span> on orders from {formatCents(coupon.minSubtotalCents)}</span> : null}
                {coupon.description ? <p className="cart-muted">{coupon.description}</p> : null}
              </div>
              <button
                type="button"
                className="cart-link-button"
                aria-label={`Apply ${coupon.code}`}
                disabled={isLoading || applied?.code === coupon.code}
                onClick={() => void apply(coupon.code)}
              >
                {applied?.code === coupon.code ? 'Applied' : 'Apply'}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
