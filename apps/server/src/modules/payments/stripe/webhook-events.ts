// Stripe webhook events taken, by event id (stripe_webhook_events): Stripe delivers an event at least
// once and may send it again (a retry, a replay from its dashboard, an attacker's copy of a genuine
// one within the tolerance). The first request claims the id; any other with the same id changes
// nothing. A claim a crash left half done is taken again after CLAIM_STALE_MS, when Stripe retries.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { stripeWebhookEvents } from '../../../db/schema.ts';

export const CLAIM_STALE_MS = 5 * 60_000;

/** True when this request is the one to handle the event. */
export async function claimEvent(db: Db, eventId: string, type: string, now = new Date()): Promise<boolean> {
  const claimed = await db
    .insert(stripeWebhookEvents)
    .values({ eventId, type, status: 'processing', claimedAt: now })
    .onConflictDoUpdate({
      target: stripeWebhookEvents.eventId,
      set: { claimedAt: now },
      setWhere: and(
        eq(stripeWebhookEvents.status, 'processing'),
        lt(stripeWebhookEvents.claimedAt, new Date(now.getTime() - CLAIM_STALE_MS)),
      ),
    })
    .returning({ eventId: stripeWebhookEvents.eventId });
  return claimed.length === 1;
}

export async function eventHandled(db: Db, eventId: string): Promise<void> {
  await db
    .update(stripeWebhookEvents)
    .set({ status: 'done', handledAt: sql`now()` })
    .where(eq(stripeWebhookEvents.eventId, eventId));
}

/** Handling failed on our side: the claim goes, so Stripe's retry is handled. */
export async function releaseEvent(db: Db, eventId: string): Promise<void> {
  await db.delete(stripeWebhookEvents).where(and(eq(stripeWebhookEvents.eventId, eventId), eq(stripeWebhookEvents.status, 'processing')));
}
