// A bank payment taken back after it settled (an ACH return: R01 insufficient funds, R10 not
// authorised...; ADR 011). Fulfilment takes the order's coins back through the ledger and refunds the
// order; in the same transaction the payment becomes 'reversed' and the shopper's account is flagged,
// so it pays by bank account no more. A return of a debit that never settled is a failure before
// settlement: the payment is declined and the order fails, nothing having been credited. Repeats and
// concurrent deliveries change nothing more (the order row's lock, then its status, decide).
import { BANK_PAYMENT_RETURNED_MESSAGE } from '@store/shared';
import { recordPaymentFailed, findOrder } from '../../checkout/index.ts';
import { reverseOrderGrant } from '../../fulfilment/index.ts';
import { DECLINE_MESSAGES, type PaymentNotification } from '../../../providers/payments/types.ts';
import type { PaymentsDeps } from '../deps.ts';
import type { PaymentRow } from '../repository.ts';
import * as repo from '../repository.ts';
import { flagAccount, markPaymentReversed } from './repository.ts';

type Reversal = Extract<PaymentNotification, { status: 'reversed' }>;

export async function reversePayment(deps: PaymentsDeps, payment: PaymentRow, notification: Reversal): Promise<void> {
  const { db, log } = deps;
  const about = { paymentId: payment.id, orderId: payment.orderId, returnCode: notification.returnCode };
  if (payment.status === 'initiated' || payment.status === 'challenge' || payment.status === 'pending') {
    const moved = await repo.updatePayment(db, payment.id, ['initiated', 'challenge', 'pending'], {
      status: 'declined',
      declineReason: notification.reason,
    });
    if (moved) await recordPaymentFailed(db, payment.orderId, DECLINE_MESSAGES.BANK_PAYMENT_FAILED);
    return;
  }
  if (payment.status !== 'approved') {
    log.info({ ...about, status: payment.status }, 'return of a payment that is not approved: nothing to take back');
    return;
  }
  const order = await findOrder(db, payment.orderId);
  if (order?.paymentId !== payment.id) {
    // The approval never paid the order (it was refunded as an orphan, or is waiting to be): a person looks.
    log.error(about, 'return of an approved payment that did not pay its order: left for a person to check');
    return;
  }
  const reversed = await reverseOrderGrant(deps, payment.orderId, {
    reason: `${BANK_PAYMENT_RETURNED_MESSAGE} (${notification.reason})`,
    writeReversal: async (tx) => {
      await markPaymentReversed(tx, payment.id, notification.reason);
      await flagAccount(tx, {
        userId: payment.userId,
        reason: 'bank_payment_returned',
        reference: `payment:${payment.id}`,
        detail: notification.reason,
      });
    },
  });
  if (reversed) log.warn(about, 'a settled bank payment was returned: its coins were taken back and the account flagged');
}
