// A provider's verified notification (webhook / DMN), whichever provider sent it: the result of a 3-D
// Secure challenge, or of anything else that decides a payment after the shopper's request. Only a
// charge of the payment's own transaction, amount and currency can approve it; any other notification
// (the InitAuth3D fingerprint, another sum) is acknowledged and ignored, so it can never fulfil an order
// nobody paid for. The payment must be one of a provider that takes its notifications at the webhook it
// arrived at (ADR 009). Repeats are harmless.
import { notFound } from '@store/server-kit';
import { DECLINE_MESSAGES, hostedPageTransactionId, type PaymentNotification } from '@store/server-kit';
import { reversePayment } from './reversal.ts';
import { approve } from './approval.ts';
import { countReportedDecline } from './card-attempts.ts';
import type { PaymentsDeps } from './deps.ts';
import * as repo from './repository.ts';

export const PAYMENT_NOT_FOUND = 'Payment not found.';

/**
 * A payment still recorded under its hosted page's id (ADR 014): the provider made its transaction
 * when the shopper paid on the page, so the first notification names a transaction we do not know yet.
 * A repeat of it racing the first may find the notified transaction recorded by now: the same payment.
 */
async function awaitingItsTransaction({ db }: PaymentsDeps, notification: PaymentNotification): Promise<repo.PaymentRow | undefined> {
  const payment = await repo.findPayment(db, notification.paymentId);
  if (!payment) return undefined;
  const known = [hostedPageTransactionId(payment.id), notification.transactionId];
  return known.includes(payment.transactionId) ? payment : undefined;
}

/** A notification verified by the providers of `webhook` (the endpoint it arrived at). */
export async function handleNotification(deps: PaymentsDeps, webhook: string, notification: PaymentNotification): Promise<void> {
  const { db, log } = deps;
  const payment =
    (await repo.findPaymentByTransaction(db, notification.transactionId)) ?? (await awaitingItsTransaction(deps, notification));
  if (!payment || payment.id !== notification.paymentId) throw notFound(PAYMENT_NOT_FOUND);
  const about = { paymentId: payment.id, transactionId: notification.transactionId, event: notification.event };
  if (!deps.providers.receivesAt(payment.provider, webhook)) {
    // Its provider is not registered (the configuration changed), or takes its notifications elsewhere.
    log.error(
      { ...about, provider: payment.provider, webhook },
      'notification about a payment of a provider not registered at this webhook: left as it is',
    );
    throw notFound(PAYMENT_NOT_FOUND);
  }
  if (notification.status === 'reversed') {
    // Money an approval took came back to the payer (an ACH return, ADR 011; a refund made at Stripe,
    // ADR 012): only the whole amount. Part of it (a partial refund) leaves the coins where they are.
    if (notification.amountCents !== null && notification.amountCents !== payment.amountCents) {
      log.warn(
        { ...about, cause: notification.cause, amountCents: notification.amountCents, expected: payment.amountCents },
        'part of a payment came back (a partial refund or return): the coins stay, left for a person to check',
      );
      return;
    }
    await reversePayment(deps, payment, notification);
    return;
  }
  if (!notification.charge) {
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
  const moved = await repo.updatePayment(db, payment.id, ['initiated', 'challenge', 'pending'], {
    status: 'declined',
    declineReason: notification.reason,
  });
  if (!moved) return;
  await deps.payOrder.failOrder(db, payment.orderId, DECLINE_MESSAGES[notification.code]);
  // Once: a repeat of the notification (or a decline the request already answered) moves nothing.
  await countReportedDecline(deps.cardLimits, payment);
}
