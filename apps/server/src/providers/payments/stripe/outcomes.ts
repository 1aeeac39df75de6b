// Stripe's answers read as the payments core's outcomes (ADR 009): a PaymentIntent after the shopper's
// step (approved, pending, a page to go to, or declined), a card error that carries the PaymentIntent
// it failed, and a PaymentIntent found again by a lookup. Pure readings, kept apart from the calls
// (gateway.ts) so what each Stripe state means to the store is in one place.
import Stripe from 'stripe';
import type { LookupOutcome, PaymentOutcome } from '@store/server-kit';
import { declineCodeOf } from './events.ts';

export const isStripeError = (err: unknown): err is Stripe.errors.StripeError => err instanceof Stripe.errors.StripeError;

/** A PaymentIntent's state as the core's outcome of a step. */
export function outcomeOf(pi: Stripe.PaymentIntent): PaymentOutcome {
  switch (pi.status) {
    case 'succeeded':
      return { status: 'approved', transactionId: pi.id, card: null };
    case 'processing':
      return { status: 'pending', transactionId: pi.id };
    case 'requires_action': {
      const next = pi.next_action;
      if (next?.redirect_to_url?.url)
        return { status: 'action', transactionId: pi.id, action: { kind: 'redirect', url: next.redirect_to_url.url } };
      const cashApp = next?.cashapp_handle_redirect_or_display_qr_code;
      if (cashApp?.hosted_instructions_url)
        return { status: 'action', transactionId: pi.id, action: { kind: 'redirect', url: cashApp.hosted_instructions_url } };
      // use_stripe_sdk and the like: Stripe.js finishes it in the page with the client secret.
      return { status: 'action', transactionId: pi.id, action: { kind: 'client', clientSecret: pi.client_secret ?? '' } };
    }
    case 'requires_payment_method': {
      const error = pi.last_payment_error;
      return { status: 'declined', transactionId: pi.id, code: declineCodeOf(error), reason: error?.message ?? 'Payment failed' };
    }
    default:
      // requires_confirmation, requires_capture, canceled: not decided by the shopper's step.
      return { status: 'declined', transactionId: pi.id, code: 'CARD_DECLINED', reason: `Payment ${pi.status}` };
  }
}

/** A card error answers with the PaymentIntent it failed: the decline is recorded with its id. */
export function declinedBy(err: unknown): PaymentOutcome | null {
  if (!isStripeError(err) || err.type !== 'StripeCardError') return null;
  return {
    status: 'declined',
    transactionId: err.payment_intent?.id ?? '',
    code: declineCodeOf(err),
    reason: err.message || 'Your card was declined.',
  };
}

/**
 * A PaymentIntent found again (with its latest charge expanded) as the core's lookup outcome; none
 * when there is none, or it is not this payment's.
 */
export function lookupOutcomeOf(pi: Stripe.PaymentIntent | undefined, paymentId: string): LookupOutcome {
  if (!pi || pi.metadata?.paymentId !== paymentId) return { status: 'none' };
  const charge = typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
  if (pi.status === 'succeeded' && charge?.refunded) return { status: 'refunded', transactionId: pi.id };
  switch (pi.status) {
    case 'succeeded':
      return {
        status: 'approved',
        transactionId: pi.id,
        amountCents: pi.amount_received,
        currency: pi.currency.toUpperCase(),
        card: null,
      };
    case 'processing':
    case 'requires_action':
    case 'requires_confirmation':
      return { status: 'pending', transactionId: pi.id };
    case 'requires_payment_method':
      return pi.last_payment_error
        ? {
            status: 'declined',
            transactionId: pi.id,
            code: declineCodeOf(pi.last_payment_error),
            reason: pi.last_payment_error.message ?? 'Payment failed',
          }
        : { status: 'none' };
    default:
      return { status: 'none' };
  }
}
