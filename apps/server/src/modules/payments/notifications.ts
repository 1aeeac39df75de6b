// The provider's verified notification (webhook / DMN): the result of a 3-D Secure challenge. Only a
// charge (Sale or Auth) of the payment's own transaction, amount and currency can approve it; any
// other notification (the InitAuth3D fingerprint, another sum) is acknowledged and ignored, so it
// can never fulfil an order nobody paid for. Repeats are harmless.
import { notFound } from '../../lib/errors.ts';
import { recordPaymentFailed } from '../checkout/index.ts';
import { CHARGE_TRANSACTION_TYPES, DECLINE_MESSAGES, type PaymentNotification } from '../../providers/payments/types.ts';
import { approve } from './approval.ts';
import type { PaymentsDeps } from './deps.ts';
import * as repo from './repository.ts';

export const PAYMENT_NOT_FOUND = 'Payment not found.';

export async function handleNotification(deps: PaymentsDeps, notification: PaymentNotification): Promise<void> {
  const { db, log } = deps;
  const payment = await repo.findPaymentByTransaction(db, notification.transactionId);
  if (!payment || payment.id !== notification.clientUniqueId) throw notFound(PAYMENT_NOT_FOUND);
  const about = { paymentId: payment.id, transactionId: notification.transactionId, transactionType: notification.transactionType };
  if (!CHARGE_TRANSACTION_TYPES.includes(notification.transactionType)) {
    log.info(about, 'notification about a step that charges nothing: ignored');
    return;
  }
  if (notification.status === 'approved') {
    if (notification.amountCents !== payment.amountCents || notification.currency !== 'USD') {
      log.warn(
        { ...about, amountCents: notification.amountCents, currency: notification.currency, expected: payment.amountCents },
        'approval of another amount: ignored',
      );
      return;
    }
    if (payment.status === 'refunded') {
      log.info(about, 'approval of a payment already refunded: ignored');
      return;
    }
    if (payment.declineReason === repo.SUPERSEDED_REASON)
      log.warn(about, 'approval of a superseded attempt: it pays the order if still pending, else it is refunded (ADR 005)');
    else if (payment.status === 'declined' || payment.status === 'failed')
      log.error(about, 'approval notified for a payment recorded as declined');
    await approve(deps, payment, { transactionId: notification.transactionId, card: notification.card });
    return;
  }
  const moved = await repo.updatePayment(db, payment.id, ['initiated', 'challenge'], {
    status: 'declined',
    declineReason: notification.reason,
  });
  if (moved) await recordPaymentFailed(db, payment.orderId, DECLINE_MESSAGES[notification.code]);
}
