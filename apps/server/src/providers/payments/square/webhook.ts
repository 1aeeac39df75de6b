// Square's webhook events: the signature Square puts on them, and what an event says about a payment of
// ours. Square signs the notification URL (as registered in its dashboard) followed by the raw body,
// HMAC-SHA256 with the subscription's signature key, base64, in x-square-hmacsha256-signature. The SDK's
// WebhooksHelper checks it (asynchronously) in the provider's parseWebhook; its verifyNotification is
// synchronous (the registry's contract), so it checks the same signature here with node:crypto, in
// constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { PaymentNotification } from '@store/server-kit';

export const signSquareWebhook = (signatureKey: string, notificationUrl: string, rawBody: string): string =>
  createHmac('sha256', signatureKey)
    .update(notificationUrl + rawBody)
    .digest('base64');

export function squareSignatureMatches(
  signatureKey: string,
  notificationUrl: string,
  rawBody: string,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(signSquareWebhook(signatureKey, notificationUrl, rawBody));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const money = z.object({ amount: z.number().int(), currency: z.string() });

/** The part of Square's Payment object the store reads (snake_case, as Square sends it). */
export const squarePaymentJson = z.object({
  id: z.string(),
  status: z.string(),
  amount_money: money,
  reference_id: z.string().optional(),
  card_details: z
    .object({
      status: z.string().optional(),
      errors: z.array(z.object({ code: z.string(), detail: z.string().optional() })).optional(),
    })
    .optional(),
});

/** A Square webhook event (payment.created / payment.updated / refund.created / refund.updated ...). */
export const squareEventSchema = z.object({
  merchant_id: z.string().optional(),
  type: z.string().min(1).max(100),
  event_id: z.string().min(1).max(100),
  created_at: z.string().datetime({ offset: true }),
  data: z.object({
    type: z.string(),
    id: z.string(),
    object: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type SquareEvent = z.infer<typeof squareEventSchema>;

/** The event as JSON; null when the body is not one. */
export function parseSquareEvent(rawBody: string): SquareEvent | null {
  try {
    const parsed = squareEventSchema.safeParse(JSON.parse(rawBody));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A declined card's reason as Square's card_details.errors name it. */
const declineReason = (payment: z.infer<typeof squarePaymentJson>) =>
  payment.card_details?.errors?.map((e) => e.code).join(', ') || `Square payment ${payment.status}`;

/**
 * What the event says about a payment of ours (reference_id is our payment id): COMPLETED is a charge
 * of its amount, FAILED or CANCELED a decline; APPROVED (authorised, not captured) and PENDING take no
 * money yet and are acknowledged only. Null for anything else: a refund (we record our own refunds when
 * Square answers them), another event type, or a payment that is not one of the store's.
 */
export function notificationOf(event: SquareEvent): PaymentNotification | null {
  if (event.data.type !== 'payment') return null;
  const parsed = squarePaymentJson.safeParse((event.data.object as { payment?: unknown } | undefined)?.payment);
  if (!parsed.success || !parsed.data.reference_id) return null;
  const payment = parsed.data;
  const facts = {
    transactionId: payment.id,
    paymentId: payment.reference_id!,
    event: `${event.type}:${payment.status}`,
    amountCents: payment.amount_money.amount,
    currency: payment.amount_money.currency,
  };
  switch (payment.status) {
    case 'COMPLETED':
      return { ...facts, charge: true, status: 'approved', card: null };
    case 'FAILED':
    case 'CANCELED':
      return { ...facts, charge: true, status: 'declined', code: 'CARD_DECLINED', reason: declineReason(payment) };
    default:
      return { ...facts, charge: false, status: 'approved', card: null };
  }
}
