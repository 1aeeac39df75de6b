// Taking back what a paid order granted when its money comes back to the payer after approval (an ACH
// return, ADR 011; later a chargeback). The order's coins leave the wallet through the ledger: one
// negative entry under the order's own reversal reference, in the transaction that moves the order to
// 'refunded' with the order row locked, so however many times (and however concurrently) the news
// arrives, the coins go back once. The ledger still sums to every balance: the entry is a ledger entry.
// A shopper who spent the coins meanwhile goes below zero (ADR 011): the debt shows as a negative
// balance rather than vanishing, and later credits pay it off first. The same goes for the coins of the
// order's gift-card codes that someone redeemed (the redemption module's takeBackRedeemedCodes).
import type { Tx } from '../../db/client.ts';
import type { LockedOrder } from '../checkout/index.ts';
import { takeBackRedeemedCodes } from '../redemption/index.ts';
import { appendLedgerEntries, ledgerAmount } from '../wallet/index.ts';
import { orderLedgerReference } from './service.ts';

/** The ledger reference of an order's reversal: the ledger refuses a second entry with it. */
export const reversalLedgerReference = (orderId: string) => `reversal:order:${orderId}`;

/**
 * The pay-an-order workflow's step of fulfilment in a reversal's transaction, on the order it locked: the
 * coins fulfilment credited leave the wallet under the order's reversal reference (nothing when the order
 * was paid but not fulfilled: it never will be now), and the coins of the order's redeemed gift-card codes
 * go back too (issue 24). Returns the order's coins taken back.
 */
export async function takeBackGrant(tx: Tx, order: LockedOrder): Promise<number> {
  const credited = await ledgerAmount(tx, orderLedgerReference(order.id), 'purchasedWallet');
  if (credited !== 0) {
    const appended = await appendLedgerEntries(tx, [
      {
        userId: order.userId,
        wallet: 'purchasedWallet',
        amount: -credited,
        reason: 'reversal',
        reference: reversalLedgerReference(order.id),
      },
    ]);
    if (!appended) throw new Error(`takeBackGrant: order ${order.id} is ${order.status} but its reversal is already in the ledger`);
  }
  await takeBackRedeemedCodes(tx, order.id);
  return credited;
}
