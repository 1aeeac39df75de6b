// Coinflow's webhooks (COINFLOW_MODE=coinflow, ADR 041), as Coinflow documents them:
// - authenticity (docs.coinflow.cash/guides/developer-resources/webhooks/verifying-webhook-signatures and
//   …/configuring-webhooks): every webhook carries `Coinflow-Signature: t=<unix seconds>,v1=<hex>`, the
//   HMAC-SHA256 of "<t>.<raw body>" keyed with the Webhook Validation Key; and, unless the merchant
//   overrode it, an `Authorization` header equal to that key. A delivery with a Coinflow-Signature is
//   taken on that signature alone (a wrong one is refused whatever else it carries); one without it on
//   the Authorization header. Coinflow documents no time limit on `t` and retries a delivery for 36 hours,
//   so none is enforced here: a replay is stopped by the event's claim instead (each event once).
// - the body (the WebhookPacket of Coinflow's OpenAPI): { eventType, category, created, data }, data.id
//   Coinflow's payment id (data.paymentId for the Refund events), data.webhookInfo what the checkout JWT
//   carried (our payment id), data.subtotal.cents the merchant's amount (fees are apart). A packet has no
//   event id of its own: the store claims "<eventType>:<Coinflow's payment id>", which one payment sends
//   once per event type.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { PaymentNotification } from '@store/server-kit';
import { COINFLOW_SIGNATURE_HEADER } from './names.ts';

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const sameText = (a: string, b: string) => {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
};

/** The delivery is Coinflow's: its Coinflow-Signature, else its Authorization header, checked with the validation key. */
export function isCoinflowDelivery(
  validationKey: string,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
): boolean {
  const signature = first(headers[COINFLOW_SIGNATURE_HEADER]);
  if (signature !== undefined) return checkCoinflowSignature(validationKey, rawBody, signature);
  const authorization = first(headers.authorization);
  return typeof authorization === 'string' && authorization.length > 0 && sameText(authorization, validationKey);
}

function checkCoinflowSignature(validationKey: string, rawBody: string, header: string): boolean {
  if (header.length > 1024) return false;
  let t: string | undefined;
  const v1: string[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't') {
      if (t !== undefined) return false;
      t = value;
    } else if (key === 'v1') v1.push(value);
  }
  if (!t || !/^\d{1,12}$/.test(t)) return false;
  const expected = createHmac('sha256', validationKey).update(`${t}.${rawBody}`).digest();
  return v1.some((v) => /^[0-9a-f]{64}$/i.test(v) && timingSafeEqual(Buffer.from(v, 'hex'), expected));
}

const packetSchema = z.object({
  eventType: z.string().min(1).max(100),
  category: z.string().max(50).optional(),
  created: z.string().max(64).optional(),
  data: z.record(z.string(), z.unknown()),
});

/** The Coinflow events that decline one card in the page (the shopper may try another there). */
export const COINFLOW_CARD_DECLINE_EVENTS = ['Card Payment Declined', 'Card Payment Suspected Fraud'] as const;
/** The event that grants: Coinflow took the money (card or crypto) and settled it to the merchant. */
export const COINFLOW_SETTLED_EVENT = 'Settled';
/** Money of a settled payment went back to the payer. */
export const COINFLOW_REFUND_COMPLETE_EVENT = 'Refund Complete';

export interface CoinflowEvent {
  /** What the store claims it by: "<eventType>:<Coinflow's payment id>" (or the body's hash when it names none). */
  claimId: string;
  eventType: string;
  /** Coinflow's payment id (data.id; data.paymentId on the Refund events). */
  coinflowPaymentId: string | null;
  /** Our payment id, from the webhook info the checkout JWT carried. */
  paymentId: string | null;
  /** data.subtotal.cents (Refund events: data.totals.subtotal.cents); null when absent. */
  amountCents: number | null;
  currency: string;
  /** Why a card was declined, as Coinflow says. */
  reason: string | null;
}

const text = (value: unknown, max = 256) => (typeof value === 'string' && value.length > 0 && value.length <= max ? value : null);

/** webhookInfo as the JWT carried it: an object, or (some webhook versions) that object as JSON text. */
function webhookInfoOf(value: unknown): Record<string, unknown> | null {
  if (typeof value === 'string') {
    try {
      return webhookInfoOf(JSON.parse(value));
    } catch {
      return null;
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function centsOf(value: unknown): { cents: number; currency: string | null } | null {
  const v = value as { cents?: unknown; currency?: unknown } | null | undefined;
  if (!v || typeof v !== 'object' || !Number.isSafeInteger(v.cents)) return null;
  return { cents: v.cents as number, currency: text(v.currency, 8) };
}

/** The event in a raw body; null when the body is not a Coinflow webhook packet. */
export function parseCoinflowEvent(rawBody: string): CoinflowEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const parsed = packetSchema.safeParse(json);
  if (!parsed.success) return null;
  const { eventType, data } = parsed.data;
  const coinflowPaymentId = text(data.id, 128) ?? text(data.paymentId, 128);
  const info = webhookInfoOf(data.webhookInfo);
  const amount = centsOf(data.subtotal) ?? centsOf((data.totals as { subtotal?: unknown } | undefined)?.subtotal);
  return {
    claimId: `coinflow:${eventType}:${coinflowPaymentId ?? createHash('sha256').update(rawBody).digest('hex')}`,
    eventType,
    coinflowPaymentId,
    paymentId: text(info?.paymentId, 128),
    amountCents: amount?.cents ?? null,
    // The checkout JWT priced it in USD; Coinflow's Cents in a webhook carry no currency.
    currency: amount?.currency ?? 'USD',
    reason: text(data.declineDescription, 500) ?? text(data.reasonMessage, 500) ?? text(data.declineCode, 64),
  };
}

/** Settled approves the payment its webhook info names; Refund Complete gives its money back. Null for anything else. */
export function coinflowNotificationOf(event: CoinflowEvent): PaymentNotification | null {
  if (!event.paymentId || !event.coinflowPaymentId) return null;
  const facts = {
    transactionId: event.coinflowPaymentId,
    paymentId: event.paymentId,
    event: `coinflow:${event.eventType}`,
    charge: true,
    amountCents: event.amountCents,
    currency: event.currency,
  };
  if (event.eventType === COINFLOW_SETTLED_EVENT) return { ...facts, status: 'approved', card: null };
  if (event.eventType === COINFLOW_REFUND_COMPLETE_EVENT)
    return { ...facts, status: 'reversed', cause: 'refund', reason: 'refunded at Coinflow' };
  return null;
}
