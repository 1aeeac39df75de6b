// Taking back what a paid order granted when its money comes back to the payer after approval (an ACH
// return, ADR 011; later a chargeback). The order's coins leave the wallet through the ledger: one
// negative entry under the order's own reversal reference, in the transaction that moves the order to
// 'refunded' with the order row locked, so however many times (and however concurrently) the news
// arrives, the coins go back once. The ledger still sums to every balance: the entry is a ledger entry.
// A shopper who spent the coins meanwhile goes below zero (ADR 011): the debt shows as a negative
// balance rather than vanishing, and later credits pay it off first. The same goes for the coins of the
// order's gift-card codes that someone redeemed (the redemption module's takeBackRedeemedCodes).
import type { Tx } from '../../db/client.ts';
import { assertTransition, lockOrderForChange, refundOrder } from '../checkout/index.ts';
import { takeBackRedeemedCodes } from '../redemption/index.ts';
import { announceWalletChange, appendLedgerEntries, ledgerAmount } from '../wallet/index.ts';
import { orderLedgerReference, type FulfilmentDeps } from './service.ts';

/** The ledger reference of an order's reversal: the ledger refuses a second entry with it. */
export const reversalLedgerReference = (orderId: string) => `reversal:order:${orderId}`;

export interface ReversalSteps {
  /** Shown with the refunded order (its failure reason). */
  reason: string;
  /**
   * The caller's records of the reversal (the payment row, the account's flag, an admin's audit entry), in
   * the same transaction, told how many coins the ledger took back.
   */
  writeReversal?: (tx: Tx, taken: { reversedCoins: number }) => Promise<void>;
}

/**
 * Moves a paid or fulfilled order to 'refunded' and takes back the coins its fulfilment credited.
 * Returns false, changing nothing, when the order was already refunded (a repeated notification); an
 * order still pending or failed cannot be reversed (409 ORDER_STATE).
 */
export async function reverseOrderGrant({ db, wake }: FulfilmentDeps, orderId: string, steps: ReversalSteps): Promise<boolean> {
  const reversed = await db.transaction(async (tx) => {
    const order = await lockOrderForChange(tx, orderId);
    if (!order) throw new Error(`reverseOrderGrant: no order ${orderId}`);
    if (order.status === 'refunded') return false;
    assertTransition(order.status, 'refunded');
    // What fulfilment credited (nothing yet when the order was paid but not fulfilled: it never will be now).
    const credited = await ledgerAmount(tx, orderLedgerReference(orderId), 'purchasedWallet');
    if (credited !== 0) {
      const appended = await appendLedgerEntries(tx, [
        {
          userId: order.userId,
          wallet: 'purchasedWallet',
          amount: -credited,
          reason: 'reversal',
          reference: reversalLedgerReference(orderId),
        },
      ]);
      if (!appended) throw new Error(`reverseOrderGrant: order ${orderId} is ${order.status} but its reversal is already in the ledger`);
    }
    // The order's gift-card codes someone redeemed: their coins go back too (issue 24).
    await takeBackRedeemedCodes(tx, orderId);
    await steps.writeReversal?.(tx, { reversedCoins: credited });
    await refundOrder(tx, order, steps.reason);
    await announceWalletChange(tx, order.userId);
    return true;
  });
  if (reversed) wake.kick();
  return reversed;
}
