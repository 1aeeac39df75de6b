// SQL of the outbox queue: claim a batch with a lease, then mark each row done or backed off.
import { and, asc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

export interface OutboxRow {
  id: number;
  topic: string;
  payload: unknown;
  attempts: number;
}

/** After this many failed attempts a row stays in the table (with its last error) for a person to look at. */
export const MAX_OUTBOX_ATTEMPTS = 10;
/** A claimed row is invisible to other workers this long; a worker that died mid-row frees it by expiry. */
const LEASE_MS = 60_000;
const later = (ms: number) => sql`now() + ${ms}::bigint * interval '1 millisecond'`;

/**
 * Claims up to `limit` due rows in one statement. SKIP LOCKED and the lease let several instances
 * work the same table without taking the same row.
 */
export async function claimOutboxRows(db: Db, limit: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(isNull(outbox.processedAt), lte(outbox.availableAt, sql`now()`), lt(outbox.attempts, MAX_OUTBOX_ATTEMPTS)))
    .orderBy(asc(outbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, availableAt: later(LEASE_MS) })
    .where(inArray(outbox.id, due))
    .returning({ id: outbox.id, topic: outbox.topic, payload: outbox.payload, attempts: outbox.attempts });
  return rows.sort((a, b) => a.id - b.id);
}

/** `forgetPayload`: the row keeps its topic and times but not what it carried (an address someone typed). */
export async function markOutboxDone(db: Db, id: number, { forgetPayload = false } = {}): Promise<void> {
  await db
    .update(outbox)
    .set({ processedAt: sql`now()`, lastError: null, ...(forgetPayload ? { payload: {} } : {}) })
    .where(eq(outbox.id, id));
}

/** Backs off exponentially: 1 s, 2 s, 4 s … capped at 5 minutes. */
export async function markOutboxFailed(db: Db, id: number, attempts: number, error: string): Promise<void> {
  const delayMs = Math.min(1000 * 2 ** Math.max(0, attempts - 1), 5 * 60_000);
  await db
    .update(outbox)
    .set({ lastError: error.slice(0, 2000), availableAt: later(delayMs) })
    .where(eq(outbox.id, id));
}
