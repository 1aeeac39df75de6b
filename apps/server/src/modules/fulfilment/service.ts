// Fulfilment's own part of what a paid order turns into: which order is the shopper's first purchase
// (its bonus), the ledger reference its coins are credited under, the receipt and live updates after it
// (outbox-handlers.ts) and the reversal of a refunded order's grant (reversal.ts). The pay-an-order
// workflow (workflows/pay-order, issue 25) runs the fulfilment itself, calling this in its transaction.
import type { Wake } from '../../background/work.ts';
import type { Db, Tx } from '../../db/client.ts';
import { withdrawFirstPurchaseBonus, type LockedOrder } from '../checkout/index.ts';
import { claimFirstPurchase } from '../promotions/index.ts';

export interface FulfilmentDeps {
  db: Db;
  /** The background runner: receipt and live updates go out at once. */
  wake: Wake;
}

/** The ledger reference of an order's credit: the ledger refuses a second entry with it. */
export const orderLedgerReference = (orderId: string) => `order:${orderId}`;

/**
 * Only a shopper's first fulfilled order keeps the first-purchase bonus. Two orders priced before either
 * was paid both carry it; the one fulfilled second loses it here, and its recorded bonus and total say so
 * (what /my-purchases and the receipt show is what was credited). Returns the order as it now stands.
 */
export async function settleFirstPurchaseBonus(tx: Tx, order: LockedOrder): Promise<LockedOrder> {
  const firstOrderId = await claimFirstPurchase(tx, order.userId, order.id);
  if (firstOrderId === order.id || (order.eligibilityBonusCoins === 0 && order.eligibilityPromotionId === null)) return order;
  return withdrawFirstPurchaseBonus(tx, order);
}
