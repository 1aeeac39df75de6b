// The steps of paying an order before the provider is called: this workflow opens the transaction, checkout
// locks the order and holds its reservations, payments checks it is unpaid and records the attempt (or
// claims one for its next call). The approval (approval.ts) takes the same order lock, so nothing of these
// can interleave with an approval of the order.
import type { Order } from '@store/shared';
import {
  buildOrderView,
  failUnpayableOrder,
  holdOrderForPayment,
  lockPayableOrder,
  ReservationRefused,
} from '../../modules/checkout/index.ts';
import { assertOrderUnpaid, claimAttempt as claimPaymentAttempt, openAttempt, type PaymentsDeps } from '../../modules/payments/index.ts';
import type { NewAttempt, PaymentRecord } from '../../providers/payments/core-port.ts';

/** See PayOrderPort.beginAttempt: safe to repeat; each call restarts the reservations' clock. */
export async function beginAttempt(deps: PaymentsDeps, userId: string, orderId: string, attempt?: NewAttempt): Promise<Order> {
  try {
    return await deps.db.transaction(async (tx) => {
      const order = await holdOrderForPayment(tx, userId, orderId);
      await assertOrderUnpaid(tx, orderId);
      if (attempt) await openAttempt(tx, { ...attempt, orderId, amountCents: order.totalCents });
      return buildOrderView(tx, order);
    });
  } catch (err) {
    if (!(err instanceof ReservationRefused)) throw err;
    // Whatever the transaction took rolled back; the order can never be paid as it was priced.
    await failUnpayableOrder(deps.db, orderId, err.refusal.message);
    throw err.refusal;
  }
}

/** See PayOrderPort.claimAttempt. */
export async function claimAttempt(
  deps: PaymentsDeps,
  userId: string,
  payment: PaymentRecord,
  step: 'confirm' | 'challenge',
): Promise<PaymentRecord | undefined> {
  return deps.db.transaction(async (tx) => {
    await lockPayableOrder(tx, userId, payment.orderId);
    return claimPaymentAttempt(tx, payment, step);
  });
}
