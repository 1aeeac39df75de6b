// Fulfilment: what a paid order turns into, exactly once (coins, gift-card codes, coupon use,
// receipt, live updates), and the recording of a payment's approval that leads to it.
import { OUTBOX_TOPICS, type OrderStatus } from '@store/shared';
import type { FastifyBaseLogger } from 'fastify';
import { enqueue } from '../../background/topics.ts';
import type { Wake } from '../../background/work.ts';
import type { Db, Tx } from '../../db/client.ts';
import { removePurchasedLines } from '../cart/index.ts';
import {
  assignReservedCodes,
  completeOrder,
  findOrder,
  listOrderItems,
  listPaidOrderIds,
  lockOrderForChange,
  markOrderPaid,
  reserveGiftCardCodes,
  withdrawFirstPurchaseBonus,
  type LockedOrder,
} from '../checkout/index.ts';
import { confirmCoupon } from '../coupons/index.ts';
import { announceWalletChange, appendLedgerEntries, ledgerAmount } from '../wallet/index.ts';
import { claimFirstPurchase } from './repository.ts';

export interface FulfilmentDeps {
  db: Db;
  /** The background runner: receipt and live updates go out at once, a failed fulfilment is retried soon. */
  wake: Wake;
}

/** The ledger reference of an order's credit: the ledger refuses a second entry with it. */
export const orderLedgerReference = (orderId: string) => `order:${orderId}`;

/**
 * Only a shopper's first fulfilled order keeps the first-purchase bonus. Two orders priced before either
 * was paid both carry it; the one fulfilled second loses it here, and its recorded bonus and total say so
 * (what /my-purchases and the receipt show is what was credited). Returns the order as it now stands.
 */
async function settleFirstPurchaseBonus(tx: Tx, order: LockedOrder): Promise<LockedOrder> {
  const firstOrderId = await claimFirstPurchase(tx, order.userId, order.id);
  if (firstOrderId === order.id || (order.eligibilityBonusCoins === 0 && order.eligibilityPromotionId === null)) return order;
  return withdrawFirstPurchaseBonus(tx, order);
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
 * Fulfils a paid order in one transaction with the order row locked. A second call (a repeated
 * webhook, a restart retry) finds it fulfilled and does nothing. Returns whether this call fulfilled it
 * (false also when its coins turned out to be credited already: no second receipt then).
 */
export async function fulfilOrder({ db, wake }: FulfilmentDeps, orderId: string): Promise<boolean> {
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

/** How PAYMENTS takes part in recording an approval (both optional: tests record bare approvals). */
export interface ApprovalSteps {
  /** Writes the provider's approval (the payment row) in the same transaction as the order's move to 'paid'. */
  writeApproval?: (tx: Tx) => Promise<void>;
  /** Runs after that commit, before fulfilment, when this payment pays the order (saving the card). */
  afterCommit?: () => Promise<void>;
}

/**
 * The provider approved the payment. The approval and the order's move to 'paid' commit together,
 * before anything else (checkout's markOrderPaid), so a crash right after leaves an order in 'paid' that
 * fulfilment (now, or on restart) completes. Repeats and concurrent deliveries are harmless: only one
 * moves the order, only one fulfils it. An order that cannot take the approval answers 409 ORDER_STATE,
 * the approval still recorded, so the caller refunds it. Returns the order's status afterwards.
 */
export async function recordPaymentApproved(
  deps: FulfilmentDeps,
  orderId: string,
  paymentId: string,
  steps: ApprovalSteps = {},
): Promise<OrderStatus> {
  await markOrderPaid(deps.db, orderId, paymentId, steps.writeApproval);
  await steps.afterCommit?.();
  try {
    await fulfilOrder(deps, orderId);
  } catch {
    // The approval stands (money was taken); the order stays 'paid' and the background job for paid
    // orders retries fulfilment soon and logs why it failed. The caller learns the order is paid, not that it broke.
    deps.wake.runJobsSoon();
  }
  const order = await findOrder(deps.db, orderId);
  if (!order) throw new Error(`recordPaymentApproved: order ${orderId} vanished`);
  return order.status;
}

/** The background job: fulfils every order left 'paid' (a crash, a failed fulfilment), each on its own. */
export async function fulfilPaidOrders(deps: FulfilmentDeps & { log: FastifyBaseLogger }): Promise<void> {
  for (const orderId of await listPaidOrderIds(deps.db)) {
    try {
      await fulfilOrder(deps, orderId);
    } catch (err) {
      deps.log.error({ err, orderId }, 'fulfilment of a paid order failed; will retry');
    }
  }
}
