import type { CouponIssue, CouponOffer } from '@store/shared';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, unprocessable } from '@store/server-kit';
import {
  countUserUses,
  countUsesByUser,
  findCouponByCode,
  findCouponById,
  findRedemptionForOrder,
  giveBackCouponUse,
  listOfferedCoupons,
  moveRedemption,
  normaliseCode,
  takeCouponUse,
  upsertReservation,
} from './repository.ts';
import {
  COUPON_ALREADY_USED,
  COUPON_LIMIT_REACHED,
  COUPON_NOT_VALID,
  couponIssueMessage,
  couponProblem,
  couponProblemKind,
  type CouponRecord,
} from './rules.ts';

export function toCouponOffer(c: CouponRecord): CouponOffer {
  return {
    code: c.code,
    kind: c.kind,
    amount: c.amount,
    minSubtotalCents: c.minSubtotalCents,
    endsAt: c.endsAt ? c.endsAt.toISOString() : null,
    description: c.description,
  };
}

export async function listCouponsFor(db: Db, userId: string, now = new Date()): Promise<CouponOffer[]> {
  return (await listOfferedCoupons(db, userId, now)).map(toCouponOffer);
}

/**
 * The coupon applied to a cart counts only while it is valid for this shopper and subtotal; otherwise the
 * cart prices without it and says why (issue), so the discount never vanishes unexplained.
 */
export async function appliedCouponStatus(
  db: Db | Tx,
  couponId: string | null,
  userId: string,
  subtotalCents: number,
): Promise<{ coupon: CouponRecord | null; issue: CouponIssue | null }> {
  if (!couponId) return { coupon: null, issue: null };
  const coupon = await findCouponById(db, couponId);
  if (!coupon) return { coupon: null, issue: null };
  // Uses still being paid for are the shopper's own pending orders: they must not void the coupon in
  // the cart they came from, neither by the per-user limit nor by the overall count they hold.
  const uses = await countUserUses(db, coupon.id, userId);
  const asSeen = { ...coupon, redeemedCount: Math.max(0, coupon.redeemedCount - uses.reserved) };
  const kind = couponProblemKind(asSeen, { userId, subtotalCents, usesByUser: uses.redeemed, now: new Date() });
  if (kind === null) return { coupon, issue: null };
  return { coupon: null, issue: { code: coupon.code, message: couponIssueMessage(coupon, kind) } };
}

/**
 * The coupon a shopper applies by code, checked for window, minimum, limits and ownership (uses still
 * being paid for count); a problem is a 422 on 'coupon' naming the rule.
 */
export async function couponToApply(tx: Db | Tx, code: string, userId: string, subtotalCents: number): Promise<CouponRecord> {
  const coupon = await findCouponByCode(tx, code);
  const usesByUser = coupon ? await countUsesByUser(tx, coupon.id, userId, { includeReserved: true }) : 0;
  const problem = couponProblem(coupon, { userId, subtotalCents, usesByUser, now: new Date() });
  if (problem || !coupon) throw unprocessable(problem ?? COUPON_NOT_VALID, 'coupon');
  return coupon;
}

/** Whether a code the shopper typed names the coupon with this id (codes compare trimmed, in capitals). */
export async function isCouponCode(db: Db | Tx, couponId: string, code: string): Promise<boolean> {
  const coupon = await findCouponById(db, couponId);
  return coupon?.code === normaliseCode(code);
}

/**
 * Reserves one use of a coupon for an order, inside the caller's transaction, before the card is
 * charged. Safe under concurrency: the overall limit is one conditional UPDATE, and the per-user count is
 * read after that UPDATE holds the coupon's row lock, so two orders of one shopper cannot both pass.
 * Calling it again for the same order changes nothing.
 */
export async function reserveCoupon(tx: Tx, couponId: string, userId: string, orderId: string): Promise<void> {
  const existing = await findRedemptionForOrder(tx, orderId);
  if (existing && existing.status !== 'released') return;
  const taken = await takeCouponUse(tx, couponId);
  if (!taken) throw conflict(COUPON_LIMIT_REACHED, 'coupon');
  if (taken.perUserLimit !== null) {
    const uses = await countUsesByUser(tx, couponId, userId, { includeReserved: true, exceptOrderId: orderId });
    if (uses >= taken.perUserLimit) throw conflict(COUPON_ALREADY_USED, 'coupon');
  }
  await upsertReservation(tx, { couponId, userId, orderId });
}

/** The order failed or was canceled: its coupon use goes back to the pool. Idempotent. */
export async function releaseCoupon(tx: Tx, orderId: string): Promise<void> {
  const couponId = await moveRedemption(tx, orderId, 'reserved', 'released');
  if (couponId) await giveBackCouponUse(tx, couponId);
}

/** The order was paid and fulfilled: the reserved use becomes a redemption. Idempotent. */
export async function confirmCoupon(tx: Tx, orderId: string): Promise<void> {
  await moveRedemption(tx, orderId, 'reserved', 'redeemed');
}
