import { and, asc, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { AdminRecording, AdminRecordingsQuery, RecordedEvent } from '@store/shared';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { BatchFacts } from './session-facts.ts';
import { MAX_FACTS } from './session-facts.ts';
import { recordingBatches, recordingOptOuts, recordingSessions } from './tables.ts';

export interface NewBatch {
  sessionId: string;
  sequence: number;
  events: RecordedEvent[];
  userId: string | null;
  chatId: string | null;
  userAgent: string | null;
  facts: BatchFacts;
}

/** Two text arrays as one, each value once in the order first seen, at most MAX_FACTS. */
const mergeArrays = (stored: SQL, added: string[]) =>
  sql`array(select v from unnest(${stored} || array(select jsonb_array_elements_text(${JSON.stringify(added)}::jsonb))) with ordinality as t(v, n) group by v order by min(n) limit ${MAX_FACTS})`;

/**
 * Stores a batch once: a batch number the session already has is left as it was (false). The session row
 * takes in what the batch tells (its user once known, its chat, pages, orders, time span) in the same
 * transaction.
 */
export async function insertBatch(tx: Tx, batch: NewBatch): Promise<boolean> {
  const { facts } = batch;
  await tx
    .insert(recordingSessions)
    .values({
      id: batch.sessionId,
      userId: batch.userId,
      chatId: batch.chatId,
      orderIds: [],
      paths: [],
      userAgent: batch.userAgent,
      startedAt: facts.startedAt,
      endedAt: facts.endedAt,
      eventCount: 0,
    })
    .onConflictDoNothing({ target: recordingSessions.id });
  const inserted = await tx
    .insert(recordingBatches)
    .values({ sessionId: batch.sessionId, sequence: batch.sequence, events: batch.events })
    .onConflictDoNothing()
    .returning({ sequence: recordingBatches.sequence });
  if (inserted.length === 0) return false;
  await tx
    .update(recordingSessions)
    .set({
      userId: sql`coalesce(${recordingSessions.userId}, ${batch.userId})`,
      chatId: sql`coalesce(${batch.chatId}, ${recordingSessions.chatId})`,
      orderIds: mergeArrays(sql`${recordingSessions.orderIds}`, facts.orderIds),
      paths: mergeArrays(sql`${recordingSessions.paths}`, facts.paths),
      startedAt: sql`least(${recordingSessions.startedAt}, ${facts.startedAt})`,
      endedAt: sql`greatest(${recordingSessions.endedAt}, ${facts.endedAt})`,
      eventCount: sql`${recordingSessions.eventCount} + ${batch.events.length}`,
      lastBatchAt: sql`now()`,
    })
    .where(eq(recordingSessions.id, batch.sessionId));
  return true;
}

const listColumns = {
  id: recordingSessions.id,
  userId: recordingSessions.userId,
  userEmail: users.email,
  chatId: recordingSessions.chatId,
  orderIds: recordingSessions.orderIds,
  paths: recordingSessions.paths,
  userAgent: recordingSessions.userAgent,
  startedAt: recordingSessions.startedAt,
  endedAt: recordingSessions.endedAt,
  eventCount: recordingSessions.eventCount,
};

type ListRow = { startedAt: Date; endedAt: Date } & Omit<AdminRecording, 'startedAt' | 'endedAt'>;
const toRecording = (row: ListRow): AdminRecording => ({
  ...row,
  startedAt: row.startedAt.toISOString(),
  endedAt: row.endedAt.toISOString(),
});

/** Newest first; one row more than the page is read to know whether another page follows. */
export async function listSessions(db: Db, query: AdminRecordingsQuery) {
  const filters: SQL[] = [];
  if (query.userId) filters.push(eq(recordingSessions.userId, query.userId));
  if (query.chatId) filters.push(eq(recordingSessions.chatId, query.chatId));
  if (query.orderId) filters.push(sql`${recordingSessions.orderIds} @> array[${query.orderId}]::text[]`);
  const rows = await db
    .select(listColumns)
    .from(recordingSessions)
    .leftJoin(users, eq(users.id, recordingSessions.userId))
    .where(and(...filters))
    .orderBy(desc(recordingSessions.createdAt), desc(recordingSessions.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return {
    recordings: rows.slice(0, query.limit).map(toRecording),
    page: query.page,
    limit: query.limit,
    hasMore: rows.length > query.limit,
  };
}

export async function findSession(db: Db, id: string): Promise<AdminRecording | null> {
  const rows = await db
    .select(listColumns)
    .from(recordingSessions)
    .leftJoin(users, eq(users.id, recordingSessions.userId))
    .where(eq(recordingSessions.id, id));
  return rows[0] ? toRecording(rows[0]) : null;
}

/** The session's events, batch after batch in the order the browser numbered them. */
export async function sessionEvents(db: Db, id: string): Promise<RecordedEvent[]> {
  const rows = await db
    .select({ events: recordingBatches.events })
    .from(recordingBatches)
    .where(eq(recordingBatches.sessionId, id))
    .orderBy(asc(recordingBatches.sequence));
  return rows.flatMap((row) => row.events as RecordedEvent[]);
}

/** Deletes the sessions whose last batch came before the cut-off (their batches go with them). */
export async function deleteSessionsBefore(db: Db, cutOff: Date): Promise<number> {
  const deleted = await db
    .delete(recordingSessions)
    .where(lt(recordingSessions.lastBatchAt, cutOff))
    .returning({ id: recordingSessions.id });
  return deleted.length;
}

export async function isOptedOut(db: Db | Tx, userId: string): Promise<boolean> {
  const rows = await db.select({ userId: recordingOptOuts.userId }).from(recordingOptOuts).where(eq(recordingOptOuts.userId, userId));
  return rows.length > 0;
}

export async function setOptedOut(db: Db, userId: string, optedOut: boolean): Promise<void> {
  if (optedOut) await db.insert(recordingOptOuts).values({ userId }).onConflictDoNothing();
  else await db.delete(recordingOptOuts).where(eq(recordingOptOuts.userId, userId));
}
