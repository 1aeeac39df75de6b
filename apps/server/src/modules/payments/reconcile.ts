// Recovery of payments that a crash, a timeout or a lost notification left unfinished, whichever
// provider made them: each payment is asked about through the provider its row names (ADR 009). Run as a
// background job at start and every 30 s (background.ts), and at once when a provider call fails.
//   approved, order still pending      → the order is paid and fulfilled (or the payment refunded
//                                        when the order cannot take it)
//   in flight (initiated / challenge / pending) → the provider is asked (lookup by our payment id):
//     approved   → recorded and fulfilled as above
//     declined   → the payment is declined; the order stays payable, the shopper can try again
//     nothing    → the payment failed (no money moved); the order stays payable
//     pending    → left alone: the shopper may still answer a challenge (the provider expires it), or
//                  the money has not settled yet
//     unknown    → left alone, asked again later: the provider cannot say yet (Nuvei's 9146); each
//                  unanswered lookup doubles the wait before the next (LOOKUP_BACKOFF_*, ADR 037)
// A row naming a provider that is not registered is logged and left alone; the others go on.
import type { LookupOutcome } from '@store/server-kit';
import { approve } from './approval.ts';
import { countReportedDecline } from './card-attempts.ts';
import { providerOf, type PaymentsDeps } from './deps.ts';
import * as repo from './repository.ts';

/** A provider call never takes this long (the Nuvei client gives up after 30 s): a placeholder this old lost its answer. */
export const PLACEHOLDER_STALE_MS = 2 * 60_000;
/** The 3-D Secure steps (fingerprint, then challenge) get this long before the provider is asked how they ended. */
export const IN_FLIGHT_STALE_MS = 15 * 60_000;
const BATCH = 50;
/** The wait after the first lookup the provider could not answer; doubled after each further one... */
export const LOOKUP_BACKOFF_FIRST_MS = 60_000;
/** ...up to this. */
export const LOOKUP_BACKOFF_MAX_MS = 6 * 60 * 60_000;
/** From this many unanswered lookups on, each is logged as an error for a person to look at. */
const UNKNOWN_REPORT_AFTER = 8;

/** When to ask again after the attempts-th unanswered lookup. */
export const nextLookupAt = (attempts: number, now: Date): Date =>
  new Date(now.getTime() + Math.min(LOOKUP_BACKOFF_MAX_MS, LOOKUP_BACKOFF_FIRST_MS * 2 ** Math.max(0, attempts - 1)));
/** Rows naming an unregistered provider reported per pass (each once per process). */
const UNKNOWN_REPORTED = 10;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The provider's approval is a charge of this payment's amount and currency (another sum is not). */
function isChargeOf(payment: repo.PaymentRow, found: Extract<LookupOutcome, { status: 'approved' }>): boolean {
  return (found.amountCents === null || found.amountCents === payment.amountCents) && (found.currency === null || found.currency === 'USD');
}

/** Records what the provider said about a payment in flight. */
async function recordFound(deps: PaymentsDeps, payment: repo.PaymentRow, found: LookupOutcome, now = new Date()): Promise<void> {
  const { db, log } = deps;
  const placeholder = payment.transactionId.startsWith('local:');
  const inFlight: repo.PaymentRow['status'][] = ['initiated', 'challenge', 'pending'];
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
      if (
        await repo.updatePayment(db, payment.id, inFlight, {
          status: 'declined',
          declineReason: found.reason,
          ...(placeholder && found.transactionId ? { transactionId: found.transactionId } : {}),
        })
      )
        await countReportedDecline(deps.cardLimits, payment);
      return;
    case 'none':
      await repo.updatePayment(db, payment.id, inFlight, { status: 'failed', declineReason: 'not completed at the payment provider' });
      return;
    case 'refunded':
      await repo.updatePayment(db, payment.id, inFlight, { status: 'refunded' });
      return;
    case 'pending':
      return;
    case 'unknown': {
      // Not a failure: nothing is changed but when to ask next (the status and updated_at stay as they are).
      const attempts = payment.lookupAttempts + 1;
      await repo.deferLookup(db, payment.id, inFlight, attempts, nextLookupAt(attempts, now));
      if (attempts >= UNKNOWN_REPORT_AFTER)
        log.error({ paymentId: payment.id, attempts }, 'the payment provider still cannot say what became of this payment');
      return;
    }
  }
}

const lookupRequest = (payment: repo.PaymentRow) => ({
  paymentId: payment.id,
  orderId: payment.orderId,
  transactionId: payment.transactionId.startsWith('local:') ? null : payment.transactionId,
  startedAt: payment.createdAt,
});

/** Asks the payment's provider what became of it and records the answer (nothing when its provider is not registered). */
export async function reconcileInFlight(deps: PaymentsDeps, payment: repo.PaymentRow): Promise<void> {
  const provider = providerOf(deps, payment);
  if (!provider) return;
  await recordFound(deps, payment, await provider.lookup(lookupRequest(payment)));
}

export interface ReconcileOptions {
  now?: Date;
  /** Payments already reported as naming an unregistered provider, so a long-lived process says so once. */
  reported?: Set<string>;
}

/** One pass over what is left unfinished; each payment on its own, so one failure never blocks the rest. */
export async function reconcilePayments(
  deps: PaymentsDeps,
  { now = new Date(), reported = new Set() }: ReconcileOptions = {},
): Promise<void> {
  const { db, log } = deps;
  for (const payment of await repo.listUnsettledApprovals(db, BATCH)) {
    try {
      await approve(deps, payment, { transactionId: payment.transactionId, card: null });
    } catch (err) {
      log.warn({ paymentId: payment.id, orderId: payment.orderId, err: errorText(err) }, 'an approved payment could not pay its order');
    }
  }
  const cutoffs = {
    now,
    placeholderBefore: new Date(now.getTime() - PLACEHOLDER_STALE_MS),
    inFlightBefore: new Date(now.getTime() - IN_FLIGHT_STALE_MS),
  };
  const registered = deps.providers.names();
  // Left alone, and never in the way of the batch of the others.
  for (const payment of await repo.listStaleInFlight(db, cutoffs, { except: registered }, UNKNOWN_REPORTED)) {
    if (reported.has(payment.id)) continue;
    reported.add(payment.id);
    providerOf(deps, payment);
  }
  // A provider that is not answering is asked again on the next pass, rather than waiting out every timeout now.
  const unanswering = new Set<string>();
  for (const payment of await repo.listStaleInFlight(db, cutoffs, { only: registered }, BATCH)) {
    const provider = providerOf(deps, payment);
    if (!provider || unanswering.has(provider.name)) continue;
    let found: LookupOutcome;
    try {
      found = await provider.lookup(lookupRequest(payment));
    } catch (err) {
      unanswering.add(provider.name);
      log.error(
        { paymentId: payment.id, provider: provider.name, err: errorText(err) },
        'payment provider lookup failed; reconciliation resumes on the next pass',
      );
      continue;
    }
    try {
      await recordFound(deps, payment, found, now);
    } catch (err) {
      log.error({ paymentId: payment.id, err: errorText(err) }, 'recording a reconciled payment failed; will retry');
    }
  }
}
