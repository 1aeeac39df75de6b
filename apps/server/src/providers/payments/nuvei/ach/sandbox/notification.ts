// The ACH sandbox's notification: a JSON body signed with HMAC-SHA256 (header x-sandbox-ach-signature)
// and timestamped, so nobody else can forge a settlement and an old one cannot be played again later.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { PaymentNotification } from '@store/server-kit';
import { returnReason } from '../return-codes.ts';

export const ACH_SIGNATURE_HEADER = 'x-sandbox-ach-signature';
/** A notification older (or further in the future) than this is refused as stale. */
export const ACH_NOTIFICATION_TOLERANCE_MS = 5 * 60_000;

export const achNotificationSchema = z.strictObject({
  /** The debit (the transaction our payment recorded). */
  transactionId: z.string(),
  clientUniqueId: z.string(),
  orderId: z.string(),
  event: z.enum(['Settled', 'Failed', 'Returned']),
  amountCents: z.number().int(),
  currency: z.string(),
  returnCode: z.string().nullable(),
  timestamp: z.string(),
});
export type AchNotification = z.infer<typeof achNotificationSchema>;

function canonical(n: AchNotification): string {
  return JSON.stringify([n.transactionId, n.clientUniqueId, n.orderId, n.event, n.amountCents, n.currency, n.returnCode, n.timestamp]);
}

export const signAchNotification = (secret: string, n: AchNotification): string =>
  createHmac('sha256', secret).update(canonical(n)).digest('hex');

export function verifyAchNotification(
  secret: string,
  body: unknown,
  signature: string | undefined,
  now = Date.now(),
): PaymentNotification | null {
  const parsed = achNotificationSchema.safeParse(body);
  if (!parsed.success || !signature) return null;
  const expected = Buffer.from(signAchNotification(secret, parsed.data), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const n = parsed.data;
  const sentAt = Date.parse(n.timestamp);
  if (!Number.isFinite(sentAt) || Math.abs(now - sentAt) > ACH_NOTIFICATION_TOLERANCE_MS) return null;
  const facts = {
    transactionId: n.transactionId,
    paymentId: n.clientUniqueId,
    event: n.event,
    charge: true,
    amountCents: n.amountCents,
    currency: n.currency,
  };
  const code = n.returnCode ?? 'R03';
  switch (n.event) {
    case 'Settled':
      return { ...facts, status: 'approved', card: null };
    case 'Failed':
      return { ...facts, status: 'declined', code: 'BANK_PAYMENT_FAILED', reason: returnReason(code) };
    case 'Returned':
      return { ...facts, status: 'reversed', cause: 'bank_return', returnCode: code, reason: returnReason(code) };
  }
}
