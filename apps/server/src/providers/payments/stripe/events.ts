// Stripe's webhook events read as the payments core's notifications (ADR 009, 012). Only PaymentIntent
// results decide a payment: payment_intent.succeeded approves (a charge of the amount received),
// payment_intent.payment_failed declines. Everything else (charge.refunded, setup intents) is
// acknowledged without a change: a refund we asked for is recorded when we ask, and reversing a refund
// made elsewhere is the shared reversal's work (ADR 009, "Reversals").
import type Stripe from 'stripe';
import type { DeclineCode, PaymentNotification } from '../types.ts';

/** Stripe's webhook: POST v1/payment/stripe/webhook. */
export const STRIPE_WEBHOOK = 'stripe';

/** The PaymentIntent events that decide a payment. */
export const DECIDING_EVENTS = ['payment_intent.succeeded', 'payment_intent.payment_failed'] as const;

export const declineCodeOf = (error: { decline_code?: string | null } | null | undefined): DeclineCode =>
  error?.decline_code === 'insufficient_funds' ? 'INSUFFICIENT_FUNDS' : 'CARD_DECLINED';

/** The notification an event carries; null for an event that decides no payment of ours. */
export function notificationOf(event: Stripe.Event): PaymentNotification | null {
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
