// The hosted checkout's webhook events (issue 11 contract) and what each says about a payment of ours.
// The event's `reference` is our payment id (the session was created with it), its sessionId the
// transaction id the payment is recorded under.
import { z } from 'zod';
import type { DeclineCode, PaymentNotification } from '@store/server-kit';

export const checkoutEventSchema = z.object({
  id: z.string().min(1).max(128),
  type: z.string().min(1).max(64),
  createdAt: z.string().min(1).max(64),
  data: z.object({
    sessionId: z.string().min(1).max(128),
    reference: z.string().min(1).max(128),
    amountCents: z.number().int(),
    currency: z.string().min(1).max(8),
    method: z.string().max(32).nullish(),
    chain: z.string().max(32).nullish(),
    txId: z.string().max(256).nullish(),
    code: z.string().max(64).nullish(),
    reason: z.string().max(500).nullish(),
  }),
});
export type CheckoutEvent = z.infer<typeof checkoutEventSchema>;

/** The event as JSON; null when the body is not one. */
export function parseCheckoutEvent(rawBody: string): CheckoutEvent | null {
  try {
    const parsed = checkoutEventSchema.safeParse(JSON.parse(rawBody));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The host's decline code read as ours: a shortfall or a failed bank debit (ACH) stays one, anything else is a declined payment. */
export const declineCodeOf = (code: string | null | undefined): DeclineCode =>
  code === 'INSUFFICIENT_FUNDS' || code === 'BANK_PAYMENT_FAILED' ? code : 'CARD_DECLINED';

/**
 * payment.approved is a charge of its amount; payment.declined a decline; payment.refunded money that went
 * back to the payer (our own refund coming back, or one made at the host). Null for any other type.
 */
export function notificationOf(event: CheckoutEvent): PaymentNotification | null {
  const { data } = event;
  const facts = {
    transactionId: data.sessionId,
    paymentId: data.reference,
    event: [event.type, data.method, data.chain].filter(Boolean).join(':'),
    charge: true,
    amountCents: data.amountCents,
    currency: data.currency,
  };
  switch (event.type) {
    case 'payment.approved':
      return { ...facts, status: 'approved', card: null };
    case 'payment.declined':
      return {
        ...facts,
        status: 'declined',
        code: declineCodeOf(data.code),
        reason: data.reason || data.code || 'declined at the checkout',
      };
    case 'payment.refunded':
      return { ...facts, status: 'reversed', cause: 'refund', reason: data.reason || 'refunded at the checkout' };
    default:
      return null;
  }
}
