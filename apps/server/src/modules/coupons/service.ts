import type { CouponOffer } from '@store/shared';
import type { Db, Tx } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import {
  countUsesByUser, findRedemptionForOrder, giveBackCouponUse, listOfferedCoupons, moveRedemption, takeCouponUse,
  upsertReservation,
} from './repository.ts';
import { COUPON_ALREADY_USED, COUPON_LIMIT_REACHED, type CouponRecord } from './rules.ts';

export function toCouponOffer(c: CouponRecord): CouponOffer {
  return {
    code: c.code, kind: c.kind, amount: c.amount, minSubtotalCents: c.minSubtotalCents,
    endsAt: c.endsAt ? c.endsAt.toISOString() : null, description: c.description,
  };
}

export async function listCouponsFor(db: Db, userId: string, now = new Date()): Promise<CouponOffer[]> {
  return (await listOfferedCoupons(db, userId, now)).map(toCouponOffer);
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
