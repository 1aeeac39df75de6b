// The cashier sandbox's notification: a JSON body signed with HMAC-SHA256 like the card sandbox's
// (notification.ts there), under its own header and shape, so each sandbox vouches only for its own.
// It carries its time: one older than NOTIFICATION_TOLERANCE_MS (a captured notification replayed
// later) is refused; a repeat within it changes nothing (the core's approval happens once).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { PaymentNotification } from '@store/server-kit';

export const CASHIER_SIGNATURE_HEADER = 'x-sandbox-cashier-signature';
export const NOTIFICATION_TOLERANCE_MS = 5 * 60_000;

const cardSchema = z.object({
  userPaymentOptionId: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});

export const cashierNotificationSchema = z.object({
  /** The sandbox's transaction: the charge made on the page. */
  transactionId: z.string(),
  /** Our payment id, as the page's merchant_unique_id. */
  merchantUniqueId: z.string(),
  transactionType: z.literal('Sale'),
  status: z.enum(['APPROVED', 'DECLINED']),
  amountCents: z.number().int(),
  currency: z.string(),
  code: z.enum(['CARD_DECLINED', 'INSUFFICIENT_FUNDS']).nullable(),
  reason: z.string().nullable(),
  /** The card, when the shopper saved it on the page or paid with one saved there. */
  savedCard: cardSchema.nullable(),
  timestamp: z.string().datetime(),
});
export type CashierNotification = z.infer<typeof cashierNotificationSchema>;

function canonical(n: CashierNotification): string {
  const c = n.savedCard;
  return JSON.stringify([
    'cashier',
    n.transactionId,
    n.merchantUniqueId,
    n.transactionType,
    n.status,
    n.amountCents,
    n.currency,
    n.code,
    n.reason,
    c ? [c.userPaymentOptionId, c.brand, c.last4, c.expMonth, c.expYear] : null,
    n.timestamp,
  ]);
}

export const signCashierNotification = (secret: string, n: CashierNotification): string =>
  createHmac('sha256', secret).update(canonical(n)).digest('hex');

export function verifyCashierNotification(
  secret: string,
  body: unknown,
  signature: string | undefined,
  now = Date.now(),
): PaymentNotification | null {
  const parsed = cashierNotificationSchema.safeParse(body);
  if (!parsed.success || !signature) return null;
  const expected = Buffer.from(signCashierNotification(secret, parsed.data), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const n = parsed.data;
  const age = now - Date.parse(n.timestamp);
  // Stale, or from the future beyond any clock's drift.
  if (age > NOTIFICATION_TOLERANCE_MS || age < -60_000) return null;
  const facts = {
    transactionId: n.transactionId,
    paymentId: n.merchantUniqueId,
    event: n.transactionType,
    charge: true,
    amountCents: n.amountCents,
    currency: n.currency,
  };
  return n.status === 'APPROVED'
    ? { ...facts, status: 'approved', card: n.savedCard ? { ...n.savedCard, vaultToken: '' } : null }
    : { ...facts, status: 'declined', code: n.code ?? 'CARD_DECLINED', reason: n.reason ?? 'Declined' };
}
