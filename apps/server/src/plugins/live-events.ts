// The stored side of live events (migration 0015): what plugins/live.ts writes before it pushes an event,
// and reads to replay what a connection missed.
import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { liveEvents } from '../db/schema.ts';

/** How long events are kept for a connection to catch up on (the prune job deletes older ones). */
export const LIVE_EVENTS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
/** Replay reads at most this many rows per query; the reader loops until it has everything. */
export const LIVE_REPLAY_BATCH = 500;

export interface StoredLiveEvent {
  id: number;
  type: string;
  payload: unknown;
}

/**
 * Stores one event and returns its id. A transaction-scoped advisory lock per user makes one user's events
 * commit in id order: without it, two concurrent writers could commit id 11 before id 10, a reader could
 * pass 11, and 10 would never be sent. Other users' events do not wait on each other.
 *
 * One statement, so one round trip (issue 26: every purchase and win stores a few): the row to insert is
 * selected from the lock's CTE, so the lock is taken before the id is drawn, and the statement's own
 * transaction holds it until the row is committed.
 */
export async function recordLiveEvent(db: Db, userId: string, type: string, payload: unknown): Promise<number> {
  const result: unknown = await db.execute(sql`
    WITH locked AS (SELECT pg_advisory_xact_lock(hashtext('live_events'), hashtext(${userId})))
    INSERT INTO ${liveEvents} (user_id, type, payload)
    SELECT ${userId}, ${type}, ${JSON.stringify(payload)}::jsonb FROM locked
    RETURNING id`);
  // node-postgres and PGlite both answer { rows }; the bigserial id comes as a string or a number.
  const [row] = (result as { rows: { id: string | number }[] }).rows;
  return Number(row!.id);
}

/** The user's events after `afterId`, oldest first, at most LIVE_REPLAY_BATCH of them. */
export async function liveEventsAfter(db: Db, userId: string, afterId: number): Promise<StoredLiveEvent[]> {
  return db
    .select({ id: liveEvents.id, type: liveEvents.type, payload: liveEvents.payload })
    .from(liveEvents)
    .where(and(eq(liveEvents.userId, userId), gt(liveEvents.id, afterId)))
    .orderBy(asc(liveEvents.id))
    .limit(LIVE_REPLAY_BATCH);
}

/** The id of the user's newest event, or 0: where a connection that names no last id starts. */
export async function latestLiveEventId(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ id: liveEvents.id })
    .from(liveEvents)
    .where(eq(liveEvents.userId, userId))
    .orderBy(desc(liveEvents.id))
    .limit(1);
  return row?.id ?? 0;
}

/** Deletes events older than LIVE_EVENTS_KEPT_MS (background job 'live.prune-events'). */
export async function pruneLiveEvents(db: Db, now = new Date()): Promise<void> {
  await db.delete(liveEvents).where(lt(liveEvents.createdAt, new Date(now.getTime() - LIVE_EVENTS_KEPT_MS)));
}
