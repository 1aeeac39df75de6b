// Whether a coupon may be used by a shopper on a subtotal: pure, so the cart (apply, price) and the
// tests share one set of rules and messages.
import { formatCents } from '@store/shared';

export interface CouponRecord {
  id: string;
  code: string;
  description: string;
  kind: 'PERCENT' | 'FIXED';
  amount: number;
  startsAt: Date;
  endsAt: Date | null;
  minSubtotalCents: number;
  maxRedemptions: number | null;
  perUserLimit: number | null;
  redeemedCount: number;
  userId: string | null;
  active: boolean;
}

export interface CouponUse {
  userId: string;
  subtotalCents: number;
  /** How many times this shopper has already used the coupon. */
  usesByUser: number;
  now: Date;
}

// An unknown code and a coupon issued to someone else read the same, so codes cannot be probed.
export const COUPON_NOT_VALID = 'This coupon code is not valid.';
export const COUPON_EXPIRED = 'This coupon has expired.';
export const COUPON_NOT_STARTED = 'This coupon is not active yet.';
export const COUPON_LIMIT_REACHED = 'This coupon has reached its limit.';
export const COUPON_ALREADY_USED = 'You have already used this coupon.';
export const COUPON_EMPTY_CART = 'Add something to your cart before applying a coupon.';
export const couponMinimumMessage = (minSubtotalCents: number) => `Spend at least ${formatCents(minSubtotalCents)} to use this coupon.`;

/** The reason the coupon cannot be used, or null when it can. */
export function couponProblem(coupon: CouponRecord | undefined, use: CouponUse): string | null {
  if (!coupon || !coupon.active || (coupon.userId !== null && coupon.userId !== use.userId)) return COUPON_NOT_VALID;
  if (coupon.startsAt > use.now) return COUPON_NOT_STARTED;
  if (coupon.endsAt !== null && coupon.endsAt <= use.now) return COUPON_EXPIRED;
  if (coupon.maxRedemptions !== null && coupon.redeemedCount >= coupon.maxRedemptions) return COUPON_LIMIT_REACHED;
  if (coupon.perUserLimit !== null && use.usesByUser >= coupon.perUserLimit) return COUPON_ALREADY_USED;
  if (use.subtotalCents <= 0) return COUPON_EMPTY_CART;
  if (use.subtotalCents < coupon.minSubtotalCents) return couponMinimumMessage(coupon.minSubtotalCents);
  return null;
}
