// Payments' step in the reversal of an order's grant (the pay-an-order workflow's reverseOrder, issue 25):
// in the workflow's transaction, after the coins were taken back, the payment records why its money went
// back. An admin's refund settles its claim and writes the audit entry (with the coins taken back); a
// provider's reversal marks the payment reversed and, after a bank return, flags the shopper's account.
import type { Tx } from '../../db/client.ts';
import type { PaymentReversalRecord } from '../../providers/payments/core-port.ts';
import { recordAudit } from '../audit/index.ts';
import { settleRefundClaim } from './refunds/repository.ts';
import { flagAccount, markPaymentReversed } from './reversal-repository.ts';

export async function recordOrderReversal(tx: Tx, record: PaymentReversalRecord, taken: { reversedCoins: number }): Promise<void> {
  if (record.kind === 'store-refund') {
    if (!(await settleRefundClaim(tx, record.paymentId))) throw new Error(`refund: payment ${record.paymentId} lost its refund claim`);
    await recordAudit(tx, { ...record.audit, after: { ...record.audit.after, reversedCoins: taken.reversedCoins } });
    return;
  }
  await markPaymentReversed(tx, record.paymentId, record.reason);
  if (record.bankReturn)
    await flagAccount(tx, {
      userId: record.userId,
      reason: 'bank_payment_returned',
      reference: `payment:${record.paymentId}`,
      detail: record.reason,
    });
}
