// Checkout rules: placing orders from the cart or one item, cancelling, and the steps a payment
// takes an order through (prepare → approved / failed). Prices always come from CART's pricing.
import { formatCents, type Order, type OrderStatus } from '@store/shared';
import type { Db, Tx } from '../../db/client.ts';
import { notFound, unprocessable } from '@store/server-kit';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { priceCart, priceItems, type PricedCart } from '../cart/index.ts';
import { releaseCoupon, reserveCoupon } from '../coupons/index.ts';
import { isAdultConfirmed } from '../user/index.ts';
import {
  cancelOrder as cancel,
  failOrder,
  holdReservations,
  lockOrderForChange,
  type LockedOrder,
  type OrderRecord,
} from './order-intents.ts';
import { assertTransition } from './order-state.ts';
import { buildOrderView, buildOrderViews } from './order-view.ts';
import { findLiveOrderByKey, findOrder, insertOrderIfKeyFree, latestPendingOrder, listOrdersOfUser, type OrderRow } from './repository.ts';
import { reserveGiftCardCodes } from './stock.ts';
import { releaseCodes } from '../catalog/index.ts';
import { hasSettlingPayment } from '../payments/index.ts';

export const EMPTY_CART_MESSAGE = 'Your cart is empty.';
export const ALREADY_ORDERED_MESSAGE = 'This cart has already been ordered.';
export const NOT_PAYABLE_MESSAGE = 'This order can no longer be paid.';
export const PAYMENT_PROCESSING_CANCEL_MESSAGE = 'A bank payment for this order is processing, so it cannot be canceled.';
export const overLimitMessage = (limitCents: number) => `This order is over the ${formatCents(limitCents)} limit per purchase.`;

export const ORDER_NOT_FOUND = 'Order not found.';
export const ADULTS_ONLY_MESSAGE = 'Confirm that you are 18 or older before you buy: the terms allow purchases by adults only.';

/**
 * The terms allow purchases by adults only (issue 24): an account that has not confirmed it (a social sign-up
 * that has not answered the web's question yet, an account older than the question) places no order.
 */
async function assertAdult(db: Db, userId: string): Promise<void> {
  if (!(await isAdultConfirmed(db, userId))) throw new AppError(403, 'ADULT_CONFIRMATION_REQUIRED', ADULTS_ONLY_MESSAGE, 'adultConfirmed');
}

function assertOrderable(priced: PricedCart): void {
  if (priced.lines.length === 0) throw unprocessable(EMPTY_CART_MESSAGE, 'cart');
  if (priced.totalCents > priced.transactionLimitCents) throw unprocessable(overLimitMessage(priced.transactionLimitCents), 'total');
}

/** A placed order: the priced state written down, so later price changes never touch it. */
function orderRows(userId: string, source: OrderRow['source'], idempotencyKey: string, priced: PricedCart) {
  const id = newId();
  const order = {
    id,
    userId,
    source,
    idempotencyKey,
    status: 'pending' as const,
    subtotalCents: priced.subtotalCents,
    discountCents: priced.discountCents,
    taxCents: priced.taxCents,
    totalCents: priced.totalCents,
    coins: priced.coins,
    bonusCoins: priced.bonusCoins,
    eligibilityBonusCoins: priced.eligibilityBonusCoins,
    couponId: priced.coupon?.id ?? null,
    couponCode: priced.coupon?.code ?? null,
    promotionId: priced.promotionId ?? null,
    eligibilityPromotionId: priced.eligibilityPromotionId ?? null,
    taxState: priced.taxState ?? null,
  };
  const items = priced.lines.map((line, position) => ({
    id: newId(),
    orderId: id,
    itemKind: line.kind,
    itemId: line.itemId,
    name: line.name,
    unitPriceCents: line.unitPriceCents,
    quantity: line.quantity,
    coins: line.coins,
    bonusCoins: line.bonusCoins,
    position,
  }));
  return { order, items };
}

function existingForKey(order: OrderRow): OrderRow {
  if (order.status !== 'pending') throw new AppError(409, 'ALREADY_ORDERED', ALREADY_ORDERED_MESSAGE);
  return order;
}

/**
 * POST v1/checkout/placeorder: a pending order from the shopper's priced cart. Idempotent per cart
 * version: placing the same cart again (a double click, a retry) returns the same pending order.
 */
export async function placeOrder(db: Db, userId: string): Promise<Order> {
  await assertAdult(db, userId);
  const priced = await priceCart(db, userId);
  assertOrderable(priced);
  const key = `cart:${priced.cartId}:v${priced.version}`;
  const existing = await findLiveOrderByKey(db, key);
  if (existing) return buildOrderView(db, existingForKey(existing));

  const { order, items } = orderRows(userId, 'cart', key, priced);
  const inserted = await db.transaction((tx) => insertOrderIfKeyFree(tx, order, items));
  const row = inserted ? await findOrder(db, order.id) : await findLiveOrderByKey(db, key);
  if (!row) throw new Error(`placeOrder: order for ${key} vanished`);
  return buildOrderView(db, existingForKey(row));
}

/** POST v1/checkout/buy/{id}: a pending order for one catalogue item, outside the cart (no coupon). */
export async function buyNow(
  db: Db,
  userId: string,
  item: { kind: 'product' | 'giftCard'; itemId: string; quantity: number },
): Promise<Order> {
  await assertAdult(db, userId);
  const priced = await priceItems(db, userId, [item]);
  assertOrderable(priced);
  const orderId = newId();
  const { order, items } = orderRows(userId, 'buy-now', `buy-now:${orderId}`, priced);
  await db.transaction((tx) => insertOrderIfKeyFree(tx, order, items));
  return buildOrderView(db, (await findOrder(db, order.id))!);
}

async function ownOrder(db: Db | Tx, userId: string, orderId: string): Promise<OrderRow> {
  const row = await findOrder(db, orderId);
  // Someone else's order answers like a missing one, so ids reveal nothing.
  if (!row || row.userId !== userId) throw notFound(ORDER_NOT_FOUND);
  return row;
}

async function lockOwnOrder(tx: Tx, userId: string, orderId: string): Promise<LockedOrder> {
  const row = await lockOrderForChange(tx, orderId);
  if (!row || row.userId !== userId) throw notFound(ORDER_NOT_FOUND);
  return row;
}

export async function getOrderForUser(db: Db, userId: string, orderId: string): Promise<Order> {
  return buildOrderView(db, await ownOrder(db, userId, orderId));
}

/** GET v1/checkout/getorder: the named order, or the shopper's latest pending one. */
export async function getOrderOrLatestPending(db: Db, userId: string, orderId: string | undefined): Promise<Order> {
  if (orderId) return getOrderForUser(db, userId, orderId);
  const row = await latestPendingOrder(db, userId);
  if (!row) throw notFound('You have no order waiting for payment.');
  return buildOrderView(db, row);
}

/** A shopper's orders as clients see them, newest first, leaving out those in the given statuses. */
export async function listOrdersOf(db: Db, userId: string, { excluding }: { excluding: OrderStatus[] }): Promise<Order[]> {
  return buildOrderViews(db, await listOrdersOfUser(db, userId, excluding));
}

/** Gift-card codes and the coupon go back when an order will not be paid. */
export async function releaseReservations(tx: Tx, order: OrderRecord): Promise<void> {
  if (!order.reservationsHeld) return;
  await releaseCodes(tx, order.id);
  if (order.couponId) await releaseCoupon(tx, order.id);
}

/** POST v1/checkout/ with action 'cancel': only a pending order can be canceled. */
export async function cancelOrder(db: Db, userId: string, orderId: string): Promise<Order> {
  return db.transaction(async (tx) => {
    const order = await lockOwnOrder(tx, userId, orderId);
    assertTransition(order.status, 'canceled');
    // The money is on its way from the shopper's bank: the order waits for it (ADR 011).
    if (await hasSettlingPayment(tx, order.id)) throw new AppError(409, 'PAYMENT_PROCESSING', PAYMENT_PROCESSING_CANCEL_MESSAGE);
    await releaseReservations(tx, order);
    return buildOrderView(tx, await cancel(tx, order));
  });
}

/**
 * A reservation the order could not get (its codes sold out, its coupon used up), carried out of the
 * transaction so whatever was taken before it rolls back; the caller then fails the order with it
 * (failUnpayableOrder) and answers `refusal`.
 */
export class ReservationRefused extends Error {
  constructor(readonly refusal: AppError) {
    super(refusal.message);
  }
}

/** The caller's order, locked in `tx`, while it is pending: 404 when it is not theirs, 409 ORDER_STATE when no longer pending. */
export async function lockPayableOrder(tx: Tx, userId: string, orderId: string): Promise<LockedOrder> {
  const order = await lockOwnOrder(tx, userId, orderId);
  if (order.status !== 'pending') throw new AppError(409, 'ORDER_STATE', NOT_PAYABLE_MESSAGE);
  return order;
}

/**
 * The pay-an-order workflow's first step, BEFORE any charge, in the transaction it opens: the order must
 * be the caller's and pending; its gift-card codes and coupon use are reserved, so no charge can stand
 * for something that sold out. Safe to repeat; each call restarts the reservations' clock (they expire
 * after ORDER_RESERVATION_MINUTES).
 *
 * When the codes are sold out or the coupon is used up, the order can never be paid as it was priced: it
 * throws ReservationRefused, and the workflow fails the order (failUnpayableOrder, freeing its cart's
 * idempotency key, so placing the cart again prices it afresh, without the coupon) and answers the 409.
 */
export async function holdOrderForPayment(tx: Tx, userId: string, orderId: string): Promise<LockedOrder> {
  const order = await lockPayableOrder(tx, userId, orderId);
  try {
    await reserveGiftCardCodes(tx, order.id);
    if (!order.reservationsHeld && order.couponId) await reserveCoupon(tx, order.couponId, userId, order.id);
  } catch (err) {
    // An order already holding its reservations may have a payment in flight: it is never failed here.
    if (!order.reservationsHeld && err instanceof AppError && err.statusCode === 409) throw new ReservationRefused(err);
    throw err;
  }
  return holdReservations(tx, order);
}

/** Fails an order whose reservations were refused (ReservationRefused), unless it changed meanwhile. */
export async function failUnpayableOrder(db: Db, orderId: string, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrderForChange(tx, orderId);
    if (!order || order.status !== 'pending' || order.reservationsHeld) return;
    await failOrder(tx, order, reason, { released: false });
  });
}

/** The payment was declined or failed: the order fails and its reservations go back. Repeats are no-ops. */
export async function recordPaymentFailed(db: Db, orderId: string, reason: string): Promise<OrderStatus> {
  return db.transaction(async (tx) => {
    const order = await lockOrderForChange(tx, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    // A late decline never undoes a recorded approval, and a failed or canceled order stays as it is.
    if (order.status !== 'pending') return order.status;
    await releaseReservations(tx, order);
    await failOrder(tx, order, reason, { released: true });
    return 'failed' as const;
  });
}
