// An order's money went back to the payer after approval (an admin's refund, a provider's refund, an ACH
// return, ADR 011): what it granted is taken back in one transaction this workflow opens, with the order row
// locked, so however many times (and however concurrently) the news arrives, the coins go back once:
// checkout locks the order, fulfilment takes back its coins and its redeemed codes' (through the ledger),
// payments records why (PaymentReversalRecord), checkout moves the order to 'refunded', and the wallet
// announces the new balance. A shopper who spent the coins meanwhile goes below zero (ADR 011).
import { assertTransition, lockOrderForChange, refundOrder } from '../../modules/checkout/index.ts';
import { takeBackGrant } from '../../modules/fulfilment/index.ts';
import { recordOrderReversal, type PaymentsDeps } from '../../modules/payments/index.ts';
import { announceWalletChange } from '../../modules/wallet/index.ts';
import type { PaymentReversalRecord } from '../../providers/payments/core-port.ts';

/** See PayOrderPort.reverseOrder. */
export async function reverseOrder(
  { db, wake }: Pick<PaymentsDeps, 'db' | 'wake'>,
  orderId: string,
  reason: string,
  record?: PaymentReversalRecord,
): Promise<{ reversed: boolean; reversedCoins: number }> {
  const outcome = await db.transaction(async (tx) => {
    const order = await lockOrderForChange(tx, orderId);
    if (!order) throw new Error(`reverseOrder: no order ${orderId}`);
    if (order.status === 'refunded') return { reversed: false, reversedCoins: 0 };
    assertTransition(order.status, 'refunded');
    const reversedCoins = await takeBackGrant(tx, order);
    if (record) await recordOrderReversal(tx, record, { reversedCoins });
    await refundOrder(tx, order, reason);
    await announceWalletChange(tx, order.userId);
    return { reversed: true, reversedCoins };
  });
  if (outcome.reversed) wake.kick();
  return outcome;
}
