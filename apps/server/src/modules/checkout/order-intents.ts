// How an order changes (issue 25): only through these intents, each checking its own transition against
// the state machine (order-state.ts), on the order row the caller locked in the same transaction. The
// `LockedOrder` type says the row was read under its lock: an order found without it cannot be passed
// here, and no caller outside this file writes an order's columns (repository's updateOrder stays inside
// checkout, used only here). A state change also writes the live 'orderUpdated' row (updateOrder).
import type { OrderStatus } from '@store/shared';
import type { Tx } from '../../db/client.ts';
import { assertTransition } from './order-state.ts';
import { lockOrder, updateOrder, type NewOrderRow, type OrderRow } from './repository.ts';

declare const lockedInTransaction: unique symbol;

/** An order as stored, read-only to its readers. */
export type OrderRecord = Readonly<OrderRow>;
/** An order read with its row locked until the caller's transaction ends: the intents' input. */
export type LockedOrder = OrderRecord & { readonly [lockedInTransaction]: true };

/** The order, locked for the rest of `tx`: changes of one order are serialised. Undefined when there is none. */
export async function lockOrderForChange(tx: Tx, orderId: string): Promise<LockedOrder | undefined> {
  return (await lockOrder(tx, orderId)) as LockedOrder | undefined;
}

/** The one write of a status: the transition is checked first (409 ORDER_STATE for a move the table refuses). */
async function moveTo(tx: Tx, order: LockedOrder, to: OrderStatus, fields: Partial<NewOrderRow>): Promise<LockedOrder> {
  assertTransition(order.status, to);
  const patch = { ...fields, status: to };
  await updateOrder(tx, order.id, patch);
  return { ...order, ...patch };
}

/** The payment was approved: pending → paid, naming the payment that paid it. */
export const markPaid = (tx: Tx, order: LockedOrder, paymentId: string) => moveTo(tx, order, 'paid', { paidAt: new Date(), paymentId });

/** Will not be paid: pending → failed with its reason. `released`: its reservations were given back. */
export const failOrder = (tx: Tx, order: LockedOrder, reason: string, { released }: { released: boolean }) =>
  moveTo(tx, order, 'failed', { failureReason: reason, ...(released ? { reservationsHeld: false } : {}) });

/** The shopper canceled it: pending → canceled, its reservations given back. */
export const cancelOrder = (tx: Tx, order: LockedOrder) => moveTo(tx, order, 'canceled', { reservationsHeld: false });

/** Fulfilled: paid → fulfilled; what it reserved is now the shopper's. */
export const completeOrder = (tx: Tx, order: LockedOrder) =>
  moveTo(tx, order, 'fulfilled', { fulfilledAt: new Date(), reservationsHeld: false });

/** Its money went back: paid or fulfilled → refunded, with the reason. */
export const refundOrder = (tx: Tx, order: LockedOrder, reason: string | null) =>
  moveTo(tx, order, 'refunded', { failureReason: reason, reservationsHeld: false });

/** Its gift-card codes and coupon use are held while it is paid for (from now: the reservations' clock). */
export async function holdReservations(tx: Tx, order: LockedOrder): Promise<LockedOrder> {
  // A programming fault, not a request's: callers check the order is pending and answer 409 themselves.
  if (order.status !== 'pending') throw new Error(`holdReservations: order ${order.id} is ${order.status}`);
  const patch = { reservationsHeld: true, reservedAt: new Date() };
  await updateOrder(tx, order.id, patch);
  return { ...order, ...patch };
}

/**
 * Only a shopper's first fulfilled order keeps the first-purchase bonus: another order priced with it
 * loses it when it is fulfilled, and its recorded bonus and total say so.
 */
export async function withdrawFirstPurchaseBonus(tx: Tx, order: LockedOrder): Promise<LockedOrder> {
  const patch = { bonusCoins: order.bonusCoins - order.eligibilityBonusCoins, eligibilityBonusCoins: 0, eligibilityPromotionId: null };
  await updateOrder(tx, order.id, patch);
  return { ...order, ...patch };
}
