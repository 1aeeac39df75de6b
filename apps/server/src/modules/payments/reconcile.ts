// Recovery of card payments that a crash, a timeout or a lost notification left unfinished. Run as a
// background job at start and every 30 s (background.ts), and at once when a provider call fails.
//   approved, order still pending      → the order is paid and fulfilled (or the payment refunded
//                                        when the order cannot take it)
//   in flight (initiated / challenge)  → the provider is asked (lookup by our payment id):
//     approved   → recorded and fulfilled as above
//     declined   → the payment is declined; the order stays payable, the shopper can try again
//     nothing    → the payment failed (no money moved); the order stays payable
//     challenge  → left alone: the shopper may still answer it, and the provider expires it
import { CHARGE_TRANSACTION_TYPES, type LookupOutcome } from '../../providers/payments/types.ts';
import { approve } from './approval.ts';
import type { PaymentsDeps } from './deps.ts';
import * as repo from './repository.ts';

/** A provider call never takes this long (the Nuvei client gives up after 30 s): a placeholder this old lost its answer. */
export const PLACEHOLDER_STALE_MS = 2 * 60_000;
/** The 3-D Secure steps (fingerprint, then challenge) get this long before the provider is asked how they ended. */
export const IN_FLIGHT_STALE_MS = 15 * 60_000;
const BATCH = 50;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The provider's approval is a charge of this payment's amount (a 3-D step or another sum is not). */
function isChargeOf(payment: repo.PaymentRow, found: Extract<LookupOutcome, { status: 'approved' }>): boolean {
  return (
    CHARGE_TRANSACTION_TYPES.includes(found.transactionType) &&
    (found.amountCents === null || found.amountCents === payment.amountCents) &&
    (found.currency === null || found.currency === 'USD')
  );
}

/** Records what the provider said about a payment in flight. */
async function recordFound(deps: PaymentsDeps, payment: repo.PaymentRow, found: LookupOutcome): Promise<void> {
  const { db, log } = deps;
  const placeholder = payment.transactionId.startsWith('local:');
  const inFlight: repo.PaymentRow['status'][] = ['initiated', 'challenge'];
  switch (found.status) {
    case 'approved':
      if (!isChargeOf(payment, found)) {
        log.error({ paymentId: payment.id, found }, 'the provider approved something else than this payment; left for a person to check');
        return;
      }
      await approve(deps, payment, { transactionId: found.transactionId, card: found.card });
      log.warn({ paymentId: payment.id, orderId: payment.orderId }, 'recovered a payment approved at the provider');
      return;
    case 'declined':
      await repo.updatePayment(db, payment.id, inFlight, {
        status: 'declined',
        declineReason: found.reason,
        ...(placeholder && found.transactionId ? { transactionId: found.transactionId } : {}),
      });
      return;
    case 'none':
      await repo.updatePayment(db, payment.id, inFlight, { status: 'failed', declineReason: 'not completed at the payment provider' });
      return;
    case 'refunded':
      await repo.updatePayment(db, payment.id, inFlight, { status: 'refunded' });
      return;
    case 'challenge':
      return;
  }
}

/** Asks the provider what became of a payment in flight and records the answer. */
export async function reconcileInFlight(deps: PaymentsDeps, payment: repo.PaymentRow): Promise<void> {
  await recordFound(deps, payment, await deps.provider.lookup({ paymentId: payment.id, orderId: payment.orderId }));
}

/** One pass over what is left unfinished; each payment on its own, so one failure never blocks the rest. */
export async function reconcilePayments(deps: PaymentsDeps, now = new Date()): Promise<void> {
  const { db, log } = deps;
  for (const payment of await repo.listUnsettledApprovals(db, BATCH)) {
    try {
      await approve(deps, payment, { transactionId: payment.transactionId, card: null });
    } catch (err) {
      log.warn({ paymentId: payment.id, orderId: payment.orderId, err: errorText(err) }, 'an approved payment could not pay its order');
    }
  }
  const cutoffs = {
    placeholderBefore: new Date(now.getTime() - PLACEHOLDER_STALE_MS),
    inFlightBefore: new Date(now.getTime() - IN_FLIGHT_STALE_MS),
  };
  for (const payment of await repo.listStaleInFlight(db, cutoffs, BATCH)) {
    let found: LookupOutcome;
    try {
      found = await deps.provider.lookup({ paymentId: payment.id, orderId: payment.orderId });
    } catch (err) {
      // The provider is not answering: the next pass asks again, rather than waiting out every timeout now.
      log.error({ paymentId: payment.id, err: errorText(err) }, 'payment provider lookup failed; reconciliation resumes on the next pass');
      return;
    }
    try {
      await recordFound(deps, payment, found);
    } catch (err) {
      log.error({ paymentId: payment.id, err: errorText(err) }, 'recording a reconciled payment failed; will retry');
    }
  }
}
