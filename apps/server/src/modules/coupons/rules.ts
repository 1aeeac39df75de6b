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

export type CouponProblemKind = 'notValid' | 'notStarted' | 'expired' | 'limitReached' | 'alreadyUsed' | 'emptyCart' | 'belowMinimum';

/** Which rule keeps the coupon from being used, or null when it can be. */
export function couponProblemKind(coupon: CouponRecord | undefined, use: CouponUse): CouponProblemKind | null {
  if (!coupon || !coupon.active || (coupon.userId !== null && coupon.userId !== use.userId)) return 'notValid';
  if (coupon.startsAt > use.now) return 'notStarted';
  if (coupon.endsAt !== null && coupon.endsAt <= use.now) return 'expired';
  if (coupon.maxRedemptions !== null && coupon.redeemedCount >= coupon.maxRedemptions) return 'limitReached';
  if (coupon.perUserLimit !== null && use.usesByUser >= coupon.perUserLimit) return 'alreadyUsed';
  if (use.subtotalCents <= 0) return 'emptyCart';
  if (use.subtotalCents < coupon.minSubtotalCents) return 'belowMinimum';
  return null;
}

/** The reason the coupon cannot be applied (the apply call's 422), or null when it can. */
export function couponProblem(coupon: CouponRecord | undefined, use: CouponUse): string | null {
  const kind = couponProblemKind(coupon, use);
  switch (kind) {
    case null:
      return null;
    case 'notValid':
      return COUPON_NOT_VALID;
    case 'notStarted':
      return COUPON_NOT_STARTED;
    case 'expired':
      return COUPON_EXPIRED;
    case 'limitReached':
      return COUPON_LIMIT_REACHED;
    case 'alreadyUsed':
      return COUPON_ALREADY_USED;
    case 'emptyCart':
      return COUPON_EMPTY_CART;
    case 'belowMinimum':
      return couponMinimumMessage(coupon!.minSubtotalCents);
  }
}

/**
 * Why a coupon the shopper applied earlier no longer counts in their cart (the cart's couponIssue):
 * it names the code, since the cart shows it apart from the apply form.
 */
export function couponIssueMessage(coupon: Pick<CouponRecord, 'code' | 'minSubtotalCents'>, kind: CouponProblemKind): string {
  const { code } = coupon;
  switch (kind) {
    case 'notValid':
      return `${code} is no longer valid.`;
    case 'notStarted':
      return `${code} is not active yet.`;
    case 'expired':
      return `${code} has expired.`;
    case 'limitReached':
      return `${code} has reached its limit.`;
    case 'alreadyUsed':
      return `You have already used ${code}.`;
    case 'emptyCart':
      return coupon.minSubtotalCents > 0 ? couponIssueMessage(coupon, 'belowMinimum') : `Add something to your cart to use ${code}.`;
    case 'belowMinimum':
      return `${code} needs an order of ${formatCents(coupon.minSubtotalCents)} or more.`;
  }
}
