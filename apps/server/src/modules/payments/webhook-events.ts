// The webhook events the payment providers send, taken once each (payment_webhook_events, 0036, ADR 036).
// A provider delivers an event at least once and may send it again (a retry, a replay from its dashboard, an
// attacker's copy of a genuine one within the signature's tolerance). The first request claims
// (provider, event id) and handles it; any other with the same pair changes nothing. Two providers may use
// the same event id: each claims its own. A claim a crash left 'processing' is taken again after
// WEBHOOK_CLAIM_STALE_MS, when the provider retries the delivery. Every provider's webhook path goes through
// these three functions; none keeps its own table.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { paymentWebhookEvents } from '../../db/schema.ts';
import type { WebhookClaim } from '../../providers/payments/core-port.ts';

/** A claim a crash left 'processing' is taken again after this long (the provider retries the delivery). */
export const WEBHOOK_CLAIM_STALE_MS = 5 * 60_000;

const theEvent = (provider: string, eventId: string) =>
  and(eq(paymentWebhookEvents.provider, provider), eq(paymentWebhookEvents.eventId, eventId));

/**
 * Claims the provider's event for this request. One statement: a first delivery inserts the row; a later
 * one takes it only when the earlier claim is stale. Concurrent deliveries resolve to one 'claimed'.
 */
export async function claimWebhookEvent(
  db: Db | Tx,
  provider: string,
  eventId: string,
  type: string,
  now = new Date(),
): Promise<WebhookClaim> {
  const claimed = await db
    .insert(paymentWebhookEvents)
    .values({ provider, eventId, type, status: 'processing', receivedAt: now, claimedAt: now })
    .onConflictDoUpdate({
      target: [paymentWebhookEvents.provider, paymentWebhookEvents.eventId],
      set: { claimedAt: now },
      setWhere: and(
        eq(paymentWebhookEvents.status, 'processing'),
        lt(paymentWebhookEvents.claimedAt, new Date(now.getTime() - WEBHOOK_CLAIM_STALE_MS)),
      ),
    })
    .returning({ eventId: paymentWebhookEvents.eventId });
  if (claimed.length === 1) return 'claimed';
  const [row] = await db.select({ status: paymentWebhookEvents.status }).from(paymentWebhookEvents).where(theEvent(provider, eventId));
  return row?.status === 'done' ? 'done' : 'processing';
}

/** The event is handled: every later delivery of it is a replay. */
export async function finishWebhookEvent(db: Db | Tx, provider: string, eventId: string): Promise<void> {
  await db
    .update(paymentWebhookEvents)
    .set({ status: 'done', handledAt: sql`now()` })
    .where(theEvent(provider, eventId));
}

/** The event could not be handled now: the claim goes, so the provider's next delivery is taken afresh. */
export async function releaseWebhookEvent(db: Db | Tx, provider: string, eventId: string): Promise<void> {
  await db.delete(paymentWebhookEvents).where(and(theEvent(provider, eventId), eq(paymentWebhookEvents.status, 'processing')));
}
