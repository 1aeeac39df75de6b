// The order as payments needs it, asked through this workflow (issue 25, ADR 057): checkout asks payments
// whether an order's payment is settling and how it was paid, so payments, which checkout uses, reads
// orders and fails them only through its deps (PayOrderPort), never by import.
import type { OrderStatus } from '@store/shared';
import type { Db } from '../../db/client.ts';
import { lockOrderForChange, recordPaymentFailed } from '../../modules/checkout/index.ts';
import { claimOrderRefund } from '../../modules/payments/index.ts';
import type { RefundClaim } from '../../providers/payments/core-port.ts';

/** A payment of the order failed: a pending order fails with `reason` and gives back what it held. */
export function failOrder(db: Db, orderId: string, reason: string): Promise<OrderStatus> {
  return recordPaymentFailed(db, orderId, reason);
}

/** An admin's refund, step 1: the order locked, then payments claims the payment that paid it. */
export function claimRefund(db: Db, orderId: string, now: number): Promise<RefundClaim> {
  return db.transaction(async (tx) => {
    const order = await lockOrderForChange(tx, orderId);
    return claimOrderRefund(tx, orderId, order && { status: order.status, paymentId: order.paymentId }, now);
  });
}
