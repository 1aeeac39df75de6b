// Square webhook events taken, by Square's event_id (0014): one request handles an event; a replay of a
// handled one, or a duplicate delivered at the same time, changes nothing.
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { squareWebhookEvents } from '../../../db/schema.ts';

/** A claim a crash left 'processing' is taken again after this long (Square retries the delivery). */
export const EVENT_CLAIM_STALE_MS = 5 * 60_000;

/** 'claimed': this request handles the event; 'processing': another does right now; 'done': handled already. */
export async function claimEvent(db: Db, eventId: string, type: string, now = new Date()): Promise<'claimed' | 'processing' | 'done'> {
  const inserted = await db
    .insert(squareWebhookEvents)
    .values({ eventId, type, status: 'processing', claimedAt: now })
    .onConflictDoNothing()
    .returning({ eventId: squareWebhookEvents.eventId });
  if (inserted.length === 1) return 'claimed';
  const retaken = await db
    .update(squareWebhookEvents)
    .set({ claimedAt: now })
    .where(
      and(
        eq(squareWebhookEvents.eventId, eventId),
        eq(squareWebhookEvents.status, 'processing'),
        lt(squareWebhookEvents.claimedAt, new Date(now.getTime() - EVENT_CLAIM_STALE_MS)),
      ),
    )
    .returning({ eventId: squareWebhookEvents.eventId });
  if (retaken.length === 1) return 'claimed';
  const [row] = await db
    .select({ status: squareWebhookEvents.status })
    .from(squareWebhookEvents)
    .where(eq(squareWebhookEvents.eventId, eventId));
  return row?.status === 'done' ? 'done' : 'processing';
}

export async function finishEvent(db: Db, eventId: string): Promise<void> {
  await db.update(squareWebhookEvents).set({ status: 'done', handledAt: new Date() }).where(eq(squareWebhookEvents.eventId, eventId));
}

/** The event could not be handled now: Square's next delivery of it is taken afresh. */
export async function releaseEvent(db: Db, eventId: string): Promise<void> {
  await db.delete(squareWebhookEvents).where(and(eq(squareWebhookEvents.eventId, eventId), eq(squareWebhookEvents.status, 'processing')));
}
