// Fulfilment: what a paid order turns into, exactly once (coins, gift-card codes, coupon use,
// receipt, live updates).
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { appendLedgerEntries } from '../wallet/repository.ts';
import { clearCart, confirmCoupon } from '../cart/service.ts';
import { assertTransition } from '../checkout/order-state.ts';
import { listOrderItems, lockOrder, updateOrder, type OrderRow } from '../checkout/repository.ts';
import { assignCodes, countCodesHeldBy, enqueueOutbox, reserveFreeCodes } from './repository.ts';
import { notifyOutbox } from './outbox-signal.ts';

export const SOLD_OUT_MESSAGE = 'Sorry, that gift card just sold out.';

/** The ledger reference of an order's credit: the ledger refuses a second entry with it. */
export const orderLedgerReference = (orderId: string) => `order:${orderId}`;

/**
 * Makes sure the order holds a code for every gift card it buys, taking the missing ones from stock.
 * Throws 409 when stock runs short; the caller's transaction then rolls back whatever it took.
 */
export async function reserveGiftCardCodes(tx: Tx, orderId: string): Promise<void> {
  const items = await listOrderItems(tx, [orderId]);
  const wanted = new Map<string, number>();
  for (const item of items) {
    if (item.itemKind === 'giftCard') wanted.set(item.itemId, (wanted.get(item.itemId) ?? 0) + item.quantity);
  }
  for (const [giftCardId, quantity] of wanted) {
    const missing = quantity - (await countCodesHeldBy(tx, orderId, giftCardId));
    if (missing > 0 && (await reserveFreeCodes(tx, giftCardId, orderId, missing)) < missing) {
      throw new AppError(409, 'SOLD_OUT', SOLD_OUT_MESSAGE);
    }
  }
}

/** 'cart:<cartId>:v<version>' → version, so fulfilment clears only the cart state that was ordered. */
function orderedCartVersion(order: OrderRow): number | undefined {
  const match = /^cart:.+:v(\d+)$/.exec(order.idempotencyKey);
  return match ? Number(match[1]) : undefined;
}

/**
 * Fulfils a paid order in one transaction with the order row locked. A second call (a repeated
 * webhook, a restart retry) finds it fulfilled and does nothing. Returns whether this call fulfilled it.
 */
export async function fulfilOrder(db: Db, orderId: string): Promise<boolean> {
  const fulfilled = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new Error(`fulfilOrder: no order ${orderId}`);
    if (order.status !== 'paid') return false;
    assertTransition(order.status, 'fulfilled');

    const totalCoins = order.coins + order.bonusCoins;
    if (totalCoins > 0) {
      await appendLedgerEntries(tx, [
        { userId: order.userId, wallet: 'purchasedWallet', amount: totalCoins, reason: 'purchase', reference: orderLedgerReference(order.id) },
      ]);
    }
    // Codes were reserved before the charge; this only tops up if that step was somehow skipped.
    await reserveGiftCardCodes(tx, order.id);
    await assignCodes(tx, order.id, order.userId);
    if (order.couponId) await confirmCoupon(tx, order.id);
    await updateOrder(tx, order.id, { status: 'fulfilled', fulfilledAt: new Date(), reservationsHeld: false });
    if (order.source === 'cart') await clearCart(tx, order.userId, orderedCartVersion(order));
    await enqueueOutbox(tx, [
      { topic: 'mail.receipt', payload: { orderId: order.id } },
      { topic: 'live.wallet', payload: { userId: order.userId } },
      ...(order.source === 'cart' ? [{ topic: 'live.cart' as const, payload: { userId: order.userId } }] : []),
    ]);
    return true;
  });
  if (fulfilled) notifyOutbox(db);
  return fulfilled;
}
