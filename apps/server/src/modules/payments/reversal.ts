// Money an approved payment took came back to the payer afterwards, whichever provider reports it
// (ADR 009 "Reversals"): an ACH return (R01 insufficient funds, R10 not authorised...; ADR 011), or a
// refund made outside the store, in Stripe's dashboard (ADR 012). The pay-an-order workflow takes the
// order's coins back through the ledger and refunds the order; in the same transaction the payment becomes
// 'reversed', and after a bank return the shopper's account is flagged, so it pays by bank account no
// more (a merchant's refund is not the shopper's doing: no flag). Repeats and concurrent deliveries
// change nothing more (the order row's lock, then its status, decide). A payment the store refunded
// itself (refundOrphan: 'refunded') is never reversed again.
// Before the payment was recorded approved: a bank return is a failure before settlement (declined,
// the order fails, nothing was credited); a refund is what a lookup would find, 'refunded', the order
// left payable, as reconciliation records it.
import { BANK_PAYMENT_RETURNED_MESSAGE } from '@store/shared';
import { DECLINE_MESSAGES, type PaymentNotification } from '@store/server-kit';
import type { PaymentsDeps } from './deps.ts';
import type { PaymentRow } from './repository.ts';
import * as repo from './repository.ts';

type Reversal = Extract<PaymentNotification, { status: 'reversed' }>;

/** The order's reason after a refund made at the provider (a bank return says so in its own words). */
export const PAYMENT_REFUNDED_MESSAGE = 'This payment was refunded, so its coins were taken back.';

const IN_FLIGHT: PaymentRow['status'][] = ['initiated', 'challenge', 'pending'];

export async function reversePayment(deps: PaymentsDeps, payment: PaymentRow, notification: Reversal): Promise<void> {
  const { db, log } = deps;
  const bankReturn = notification.cause === 'bank_return';
  const about = {
    paymentId: payment.id,
    orderId: payment.orderId,
    cause: notification.cause,
    ...(bankReturn ? { returnCode: notification.returnCode } : {}),
  };
  if (IN_FLIGHT.includes(payment.status)) {
    if (!bankReturn) {
      await repo.updatePayment(db, payment.id, IN_FLIGHT, { status: 'refunded' });
      return;
    }
    const moved = await repo.updatePayment(db, payment.id, IN_FLIGHT, { status: 'declined', declineReason: notification.reason });
    if (moved) await deps.payOrder.failOrder(db, payment.orderId, DECLINE_MESSAGES.BANK_PAYMENT_FAILED);
    return;
  }
  if (payment.status !== 'approved') {
    // 'refunded' is the store's own refund (refundOrphan) coming back as the provider's event; 'reversed' a repeat.
    log.info({ ...about, status: payment.status }, 'reversal of a payment that is not approved: nothing to take back');
    return;
  }
  if (!payment.paidOrder) {
    // The approval never paid the order (it is refunded as an orphan, or waiting to be).
    if (!bankReturn) {
      // Its money went back, the store's refund or the merchant's: the payment is refunded, nothing was granted.
      await repo.updatePayment(db, payment.id, ['approved'], { status: 'refunded' });
      log.warn(about, 'refund of an approval that did not pay its order: recorded as refunded');
      return;
    }
    log.error(about, 'return of an approved payment that did not pay its order: left for a person to check');
    return;
  }
  const { reversed } = await deps.payOrder.reverseOrder(
    deps,
    payment.orderId,
    bankReturn ? `${BANK_PAYMENT_RETURNED_MESSAGE} (${notification.reason})` : PAYMENT_REFUNDED_MESSAGE,
    { kind: 'provider-reversal', paymentId: payment.id, userId: payment.userId, reason: notification.reason, bankReturn },
  );
  if (reversed && bankReturn) log.warn(about, 'a settled bank payment was returned: its coins were taken back and the account flagged');
  else if (reversed) log.warn(about, 'a payment was refunded at the provider: its coins were taken back');
}
