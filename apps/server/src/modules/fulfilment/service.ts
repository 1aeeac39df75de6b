// Fulfilment: what a paid order turns into, exactly once (coins, gift-card codes, coupon use,
// receipt, live updates).
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { appendLedgerEntries } from '../wallet/repository.ts';
import { confirmCoupon, removePurchasedLines } from '../cart/service.ts';
import { assertTransition } from '../checkout/order-state.ts';
import { listOrderItems, lockOrder, updateOrder, type OrderRow } from '../checkout/repository.ts';
import { assignCodes, claimFirstPurchase, countCodesHeldBy, enqueueOutbox, ledgerAmount, reserveFreeCodes } from './repository.ts';
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

/**
 * Only a shopper's first fulfilled order keeps the first-purchase bonus. Two orders priced before either
 * was paid both carry it; the one fulfilled second loses it here, and its recorded bonus and total say so
 * (what /my-purchases and the receipt show is what was credited). Returns the order as it now stands.
 */
async function settleFirstPurchaseBonus(tx: Tx, order: OrderRow): Promise<OrderRow> {
  const firstOrderId = await claimFirstPurchase(tx, order.userId, order.id);
  if (firstOrderId === order.id || (order.eligibilityBonusCoins === 0 && order.eligibilityPromotionId === null)) return order;
  const patch = { bonusCoins: order.bonusCoins - order.eligibilityBonusCoins, eligibilityBonusCoins: 0, eligibilityPromotionId: null };
  await updateOrder(tx, order.id, patch);
  return { ...order, ...patch };
}

/**
 * Credits the order's coins under its own ledger reference. The ledger refuses a second entry with that
 * reference; finding one already there holding exactly these coins means the credit was made (the order
 * is then completed without a second receipt). Any other amount is a fault for a person to look at: it
 * throws, so the order stays paid and the outbox plugin keeps reporting it.
 */
async function creditCoins(tx: Tx, order: OrderRow): Promise<'credited' | 'alreadyCredited'> {
  const totalCoins = order.coins + order.bonusCoins;
  if (totalCoins === 0) return 'credited';
  const reference = orderLedgerReference(order.id);
  const appended = await appendLedgerEntries(tx, [
    { userId: order.userId, wallet: 'purchasedWallet', amount: totalCoins, reason: 'purchase', reference },
  ]);
  if (appended) return 'credited';
  const held = await ledgerAmount(tx, reference, 'purchasedWallet');
  if (held !== totalCoins) throw new Error(`fulfilOrder: ledger holds ${held} coins under ${reference}, the order ${totalCoins}`);
  return 'alreadyCredited';
}

/**
 * Fulfils a paid order in one transaction with the order row locked. A second call (a repeated
 * webhook, a restart retry) finds it fulfilled and does nothing. Returns whether this call fulfilled it
 * (false also when its coins turned out to be credited already: no second receipt then).
 */
export async function fulfilOrder(db: Db, orderId: string): Promise<boolean> {
  const fulfilled = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    if (!locked) throw new Error(`fulfilOrder: no order ${orderId}`);
    if (locked.status !== 'paid') return false;
    assertTransition(locked.status, 'fulfilled');

    const order = await settleFirstPurchaseBonus(tx, locked);
    const credit = await creditCoins(tx, order);
    // Codes were reserved before the charge; this only tops up if that step was somehow skipped.
    await reserveGiftCardCodes(tx, order.id);
    await assignCodes(tx, order.id, order.userId);
    if (order.couponId) await confirmCoupon(tx, order.id);
    await updateOrder(tx, order.id, { status: 'fulfilled', fulfilledAt: new Date(), reservationsHeld: false });
    if (order.source === 'cart') {
      // What was bought leaves the cart; whatever the shopper added or raised while paying stays.
      const bought = (await listOrderItems(tx, [order.id])).map((i) => ({ kind: i.itemKind, itemId: i.itemId, quantity: i.quantity }));
      await removePurchasedLines(tx, order.userId, bought, order.couponId);
    }
    if (credit === 'alreadyCredited') return false;
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
