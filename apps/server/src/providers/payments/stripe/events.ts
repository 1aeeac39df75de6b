// Stripe's webhook events read as the payments core's notifications (ADR 009, 012). PaymentIntent
// results decide a payment: payment_intent.succeeded approves (a charge of the amount received),
// payment_intent.payment_failed declines. charge.refunded is money that went back to the payer: the
// core reverses the payment when the whole charge is refunded (a refund made in Stripe's dashboard takes
// the coins back) and leaves it when only part is, or when the store made the refund itself (the payment
// is already 'refunded'). Everything else (setup intents) is acknowledged without a change.
import type Stripe from 'stripe';
import type { DeclineCode, PaymentNotification } from '@store/server-kit';

/** Stripe's webhook: POST v1/payment/stripe/webhook. */
export const STRIPE_WEBHOOK = 'stripe';

/** The PaymentIntent events that decide a payment. */
export const DECIDING_EVENTS = ['payment_intent.succeeded', 'payment_intent.payment_failed'] as const;

export const declineCodeOf = (error: { decline_code?: string | null } | null | undefined): DeclineCode =>
  error?.decline_code === 'insufficient_funds' ? 'INSUFFICIENT_FUNDS' : 'CARD_DECLINED';

/**
 * A refund of a charge of ours: the charge names its PaymentIntent (our transaction) and carries the
 * PaymentIntent's metadata (Stripe copies it onto the charge it creates), so our payment id. The amount
 * is what was refunded of it so far: the core reverses only the whole charge (ADR 012).
 */
function refundNotificationOf(charge: Stripe.Charge, type: string): PaymentNotification | null {
  const paymentId = charge.metadata?.paymentId;
  const transactionId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!paymentId || !transactionId) return null;
  return {
    transactionId,
    paymentId,
    event: type,
    charge: true,
    amountCents: charge.amount_refunded,
    currency: charge.currency.toUpperCase(),
    status: 'reversed',
    cause: 'refund',
    reason: charge.refunded ? 'Refunded at Stripe' : 'Partly refunded at Stripe',
  };
}

/** The notification an event carries; null for an event that decides no payment of ours. */
export function notificationOf(event: Stripe.Event): PaymentNotification | null {
  if (event.type === 'charge.refunded') return refundNotificationOf(event.data.object, event.type);
  if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') return null;
  const intent = event.data.object;
  const paymentId = intent.metadata?.paymentId;
  if (!paymentId) return null;
  const common = {
    transactionId: intent.id,
    paymentId,
    event: event.type,
    charge: true,
    currency: intent.currency.toUpperCase(),
  };
  if (event.type === 'payment_intent.succeeded')
    return { ...common, status: 'approved', amountCents: intent.amount_received ?? intent.amount, card: null };
  const error = intent.last_payment_error;
  return {
    ...common,
    status: 'declined',
    amountCents: intent.amount,
    code: declineCodeOf(error),
    reason: error?.message ?? 'Payment failed',
  };
}

/** Where Stripe's webhook arrives (and where the sandbox sends its events). */
export const STRIPE_WEBHOOK_PATH = '/api/v1/payment/stripe/webhook';
