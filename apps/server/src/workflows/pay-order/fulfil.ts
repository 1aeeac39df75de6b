// Fulfilling a paid order, exactly once (coins, gift-card codes, coupon use, the cart, receipt and live
// updates): one transaction this workflow opens, with the order row locked, calling each module's own
// step in order. A repeat (a second notification, a restart's retry) finds the order fulfilled.
import { OUTBOX_TOPICS } from '@store/shared';
import type { FastifyBaseLogger } from 'fastify';
import { enqueue } from '../../background/topics.ts';
import type { Wake } from '../../background/work.ts';
import type { Db, Tx } from '../../db/client.ts';
import { removePurchasedLines } from '../../modules/cart/index.ts';
import {
  assignReservedCodes,
  completeOrder,
  listOrderItems,
  listPaidOrderIds,
  lockOrderForChange,
  reserveGiftCardCodes,
  type LockedOrder,
} from '../../modules/checkout/index.ts';
import { confirmCoupon } from '../../modules/coupons/index.ts';
import { orderLedgerReference, settleFirstPurchaseBonus } from '../../modules/fulfilment/index.ts';
import { announceWalletChange, appendLedgerEntries, ledgerAmount } from '../../modules/wallet/index.ts';

export interface FulfilDeps {
  db: Db;
  /** The background runner: receipt and live updates go out at once, a failed fulfilment is retried soon. */
  wake: Wake;
}

/**
 * Credits the order's coins under its own ledger reference. The ledger refuses a second entry with that
 * reference; finding one already there holding exactly these coins means the credit was made (the order
 * is then completed without a second receipt). Any other amount is a fault for a person to look at: it
 * throws, so the order stays paid and the background job for paid orders keeps reporting it.
 */
async function creditCoins(tx: Tx, order: LockedOrder): Promise<'credited' | 'alreadyCredited'> {
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
 * Fulfils a paid order in one transaction with the order row locked: checkout (the order, its codes),
 * fulfilment (the first purchase), the ledger, coupons, the cart, then the outbox. A second call finds
 * it fulfilled and does nothing. Returns whether this call fulfilled it (false also when its coins
 * turned out to be credited already: no second receipt then).
 */
export async function fulfilOrder({ db, wake }: FulfilDeps, orderId: string): Promise<boolean> {
  const fulfilled = await db.transaction(async (tx) => {
    const locked = await lockOrderForChange(tx, orderId);
    if (!locked) throw new Error(`fulfilOrder: no order ${orderId}`);
    if (locked.status !== 'paid') return false;

    const order = await settleFirstPurchaseBonus(tx, locked);
    const credit = await creditCoins(tx, order);
    // Codes were reserved before the charge; this only tops up if that step was somehow skipped.
    await reserveGiftCardCodes(tx, order.id);
    await assignReservedCodes(tx, order.id, order.userId);
    if (order.couponId) await confirmCoupon(tx, order.id);
    await completeOrder(tx, order);
    if (order.source === 'cart') {
      // What was bought leaves the cart; whatever the shopper added or raised while paying stays.
      const bought = (await listOrderItems(tx, [order.id])).map((i) => ({ kind: i.itemKind, itemId: i.itemId, quantity: i.quantity }));
      await removePurchasedLines(tx, order.userId, bought, order.couponId);
    }
    if (credit === 'alreadyCredited') return false;
    await announceWalletChange(tx, order.userId);
    await enqueue(tx, OUTBOX_TOPICS.receipt, { orderId: order.id });
    if (order.source === 'cart') await enqueue(tx, OUTBOX_TOPICS.cartCount, { userId: order.userId });
    return true;
  });
  if (fulfilled) wake.kick();
  return fulfilled;
}

/** The background job: fulfils every order left 'paid' (a crash, a failed fulfilment), each on its own. */
export async function fulfilPaidOrders(deps: FulfilDeps & { log: FastifyBaseLogger }): Promise<void> {
  for (const orderId of await listPaidOrderIds(deps.db)) {
    try {
      await fulfilOrder(deps, orderId);
    } catch (err) {
      deps.log.error({ err, orderId }, 'fulfilment of a paid order failed; will retry');
    }
  }
}
