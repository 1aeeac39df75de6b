// The hosted checkout's webhook events taken, by its event id (0022): one request handles an event; a replay of a
// handled one, or a duplicate delivered at the same time, changes nothing.
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { coinflowWebhookEvents, payments } from '../../../db/schema.ts';
import type { PaymentRow } from '../repository.ts';

/** A claim a crash left 'processing' is taken again after this long (the host's outbox retries the delivery). */
export const EVENT_CLAIM_STALE_MS = 5 * 60_000;

/** 'claimed': this request handles the event; 'processing': another does right now; 'done': handled already. */
export async function claimEvent(db: Db, eventId: string, type: string, now = new Date()): Promise<'claimed' | 'processing' | 'done'> {
  const inserted = await db
    .insert(coinflowWebhookEvents)
    .values({ eventId, type, status: 'processing', claimedAt: now })
    .onConflictDoNothing()
    .returning({ eventId: coinflowWebhookEvents.eventId });
  if (inserted.length === 1) return 'claimed';
  const retaken = await db
    .update(coinflowWebhookEvents)
    .set({ claimedAt: now })
    .where(
      and(
        eq(coinflowWebhookEvents.eventId, eventId),
        eq(coinflowWebhookEvents.status, 'processing'),
        lt(coinflowWebhookEvents.claimedAt, new Date(now.getTime() - EVENT_CLAIM_STALE_MS)),
      ),
    )
    .returning({ eventId: coinflowWebhookEvents.eventId });
  if (retaken.length === 1) return 'claimed';
  const [row] = await db
    .select({ status: coinflowWebhookEvents.status })
    .from(coinflowWebhookEvents)
    .where(eq(coinflowWebhookEvents.eventId, eventId));
  return row?.status === 'done' ? 'done' : 'processing';
}

export async function finishEvent(db: Db, eventId: string): Promise<void> {
  await db.update(coinflowWebhookEvents).set({ status: 'done', handledAt: new Date() }).where(eq(coinflowWebhookEvents.eventId, eventId));
}

/** The event could not be handled now: the host's next delivery of it is taken afresh. */
export async function releaseEvent(db: Db, eventId: string): Promise<void> {
  await db
    .delete(coinflowWebhookEvents)
    .where(and(eq(coinflowWebhookEvents.eventId, eventId), eq(coinflowWebhookEvents.status, 'processing')));
}

/** The shopper's embedded-checkout attempt of the order whose session is open (the shopper at the frame), if any. */
export async function findOpenEmbeddedAttempt(db: Db, userId: string, orderId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.userId, userId),
        eq(payments.method, 'embedded_checkout'),
        eq(payments.status, 'challenge'),
      ),
    )
    .limit(1);
  return row;
}
