// The sandbox gateway's notification: a JSON body signed with HMAC-SHA256 (header
// x-sandbox-signature), the way a provider signs its webhooks so nobody else can forge an approval.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { PaymentNotification } from '@store/server-kit';
import { CHARGE_TRANSACTION_TYPES } from '../transactions.ts';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

const cardSchema = z.object({
  userPaymentOptionId: z.string(),
  vaultToken: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});

export const sandboxNotificationSchema = z.object({
  transactionId: z.string(),
  /** Our payment id, as the payment request gave it. */
  clientUniqueId: z.string(),
  orderId: z.string(),
  /** 'Sale' for a charge, 'InitAuth3D' for the fingerprint step (which charges nothing). */
  transactionType: z.string(),
  status: z.enum(['APPROVED', 'DECLINED']),
  amountCents: z.number().int(),
  currency: z.string(),
  code: z.enum(['CARD_DECLINED', 'INSUFFICIENT_FUNDS']).nullable(),
  reason: z.string().nullable(),
  card: cardSchema.nullable(),
  timestamp: z.string(),
});
export type SandboxNotification = z.infer<typeof sandboxNotificationSchema>;

/** Fixed field order, so the signature does not depend on how a body was serialised. */
function canonical(n: SandboxNotification): string {
  const c = n.card;
  return JSON.stringify([
    n.transactionId,
    n.clientUniqueId,
    n.orderId,
    n.transactionType,
    n.status,
    n.amountCents,
    n.currency,
    n.code,
    n.reason,
    c ? [c.userPaymentOptionId, c.vaultToken, c.brand, c.last4, c.expMonth, c.expYear] : null,
    n.timestamp,
  ]);
}

export const signNotification = (secret: string, n: SandboxNotification): string =>
  createHmac('sha256', secret).update(canonical(n)).digest('hex');

export function verifySandboxNotification(secret: string, body: unknown, signature: string | undefined): PaymentNotification | null {
  const parsed = sandboxNotificationSchema.safeParse(body);
  if (!parsed.success || !signature) return null;
  const expected = Buffer.from(signNotification(secret, parsed.data), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const n = parsed.data;
  const facts = {
    transactionId: n.transactionId,
    paymentId: n.clientUniqueId,
    event: n.transactionType,
    charge: CHARGE_TRANSACTION_TYPES.includes(n.transactionType),
    amountCents: n.amountCents,
    currency: n.currency,
  };
  return n.status === 'APPROVED'
    ? { ...facts, status: 'approved', card: n.card }
    : { ...facts, status: 'declined', code: n.code ?? 'CARD_DECLINED', reason: n.reason ?? 'Declined' };
}
