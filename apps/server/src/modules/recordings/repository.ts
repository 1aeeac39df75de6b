import { and, asc, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { AdminRecording, AdminRecordingsQuery } from '@store/shared';
import type { Db, Tx } from '../../db/client.ts';
import { findAccounts } from '../auth/index.ts';
import type { ParsedBatch } from './batch-body.ts';
import { MAX_FACTS } from './session-facts.ts';
import { recordingBatches, recordingOptOuts, recordingSessions } from './tables.ts';

export interface NewRecording {
  id: string;
  secretHash: string;
  userId: string | null;
  userAgent: string | null;
}

/** A recording the server issued: no events yet, its times those of its start until the first batch. */
export async function insertRecording(db: Db, recording: NewRecording): Promise<void> {
  const now = new Date();
  await db.insert(recordingSessions).values({
    ...recording,
    orderIds: [],
    paths: [],
    startedAt: now,
    endedAt: now,
    eventCount: 0,
    eventBytes: 0,
    storedBytes: 0,
  });
}

/** What a batch is checked against before its body is read. */
export async function findRecordingForBatch(db: Db, id: string) {
  const rows = await db
    .select({
      secretHash: recordingSessions.secretHash,
      eventCount: recordingSessions.eventCount,
      eventBytes: recordingSessions.eventBytes,
    })
    .from(recordingSessions)
    .where(eq(recordingSessions.id, id));
  return rows[0] ?? null;
}

export interface NewBatch {
  recordingId: string;
  userId: string | null;
  batch: ParsedBatch;
  /** The per-recording cap: the batch is stored only if the recording stays within both. */
  maxEvents: number;
  maxBytes: number;
}

export type AppendResult = 'stored' | 'duplicate' | 'full' | 'gone';

/** Thrown inside the transaction to undo the counting when a concurrent retry stored the same batch first. */
class StoredMeanwhile extends Error {}

/** Two text arrays as one, each value once in the order first seen, at most MAX_FACTS. */
const mergeArrays = (stored: SQL, added: string[]) =>
  sql`array(select v from unnest(${stored} || array(select jsonb_array_elements_text(${JSON.stringify(added)}::jsonb))) with ordinality as t(v, n) group by v order by min(n) limit ${MAX_FACTS})`;

/**
 * Stores a batch once, within the recording's cap. The recording's row is updated first, on condition that
 * its counts stay within the cap: the update locks the row, so concurrent batches of one recording count in
 * turn and never pass the cap together, and a recording deleted meanwhile (retention, the storage cap) is
 * seen as gone rather than failing on its foreign key. A batch number already stored is a retry.
 */
export async function appendBatch(db: Db, input: NewBatch): Promise<AppendResult> {
  const { batch, recordingId } = input;
  const { facts } = batch;
  try {
    return await db.transaction(async (tx) => {
      const already = await tx
        .select({ sequence: recordingBatches.sequence })
        .from(recordingBatches)
        .where(and(eq(recordingBatches.sessionId, recordingId), eq(recordingBatches.sequence, batch.sequence)));
      if (already.length) return 'duplicate';
      const counted = await tx
        .update(recordingSessions)
        .set({
          userId: sql`coalesce(${recordingSessions.userId}, ${input.userId})`,
          chatId: sql`coalesce(${batch.chatId}, ${recordingSessions.chatId})`,
          // Most batches show no new page: their arrays are left alone (the merge is the statement's dearest part).
          ...(facts.orderIds.length ? { orderIds: mergeArrays(sql`${recordingSessions.orderIds}`, facts.orderIds) } : {}),
          ...(facts.paths.length ? { paths: mergeArrays(sql`${recordingSessions.paths}`, facts.paths) } : {}),
          // A recording's first batch sets its times; later ones widen them.
          startedAt: sql`case when ${recordingSessions.eventCount} = 0 then ${facts.startedAt} else least(${recordingSessions.startedAt}, ${facts.startedAt}) end`,
          endedAt: sql`case when ${recordingSessions.eventCount} = 0 then ${facts.endedAt} else greatest(${recordingSessions.endedAt}, ${facts.endedAt}) end`,
          eventCount: sql`${recordingSessions.eventCount} + ${batch.eventCount}`,
          eventBytes: sql`${recordingSessions.eventBytes} + ${batch.eventBytes}`,
          storedBytes: sql`${recordingSessions.storedBytes} + ${batch.storedBytes}`,
          lastBatchAt: sql`now()`,
        })
        .where(
          and(
            eq(recordingSessions.id, recordingId),
            sql`${recordingSessions.eventCount} + ${batch.eventCount} <= ${input.maxEvents}`,
            sql`${recordingSessions.eventBytes} + ${batch.eventBytes} <= ${input.maxBytes}`,
          ),
        )
        .returning({ id: recordingSessions.id });
      if (!counted.length) {
        const exists = await tx.select({ id: recordingSessions.id }).from(recordingSessions).where(eq(recordingSessions.id, recordingId));
        return exists.length ? 'full' : 'gone';
      }
      // base64 through SQL: PGlite reads and writes a bytea parameter a byte at a time in JavaScript (about
      // ten times slower than the text of the same bytes, on the main thread).
      const inserted = await tx
        .insert(recordingBatches)
        .values({ sessionId: recordingId, sequence: batch.sequence, eventsGzip: sql`decode(${batch.eventsGzipBase64}, 'base64')` })
        .onConflictDoNothing()
        .returning({ sequence: recordingBatches.sequence });
      if (!inserted.length) throw new StoredMeanwhile();
      return 'stored';
    });
  } catch (err) {
    if (err instanceof StoredMeanwhile) return 'duplicate';
    throw err;
  }
}

const listColumns = {
  id: recordingSessions.id,
  userId: recordingSessions.userId,
  chatId: recordingSessions.chatId,
  orderIds: recordingSessions.orderIds,
  paths: recordingSessions.paths,
  userAgent: recordingSessions.userAgent,
  startedAt: recordingSessions.startedAt,
  endedAt: recordingSessions.endedAt,
  eventCount: recordingSessions.eventCount,
};

type ListRow = { startedAt: Date; endedAt: Date } & Omit<AdminRecording, 'startedAt' | 'endedAt' | 'userEmail'>;

/** The rows as the console lists them, each with its shopper's e-mail (asked of auth, one query for the page). */
async function toRecordings(db: Db, rows: ListRow[]): Promise<AdminRecording[]> {
  const accounts = await findAccounts(
    db,
    rows.flatMap((row) => (row.userId ? [row.userId] : [])),
  );
  return rows.map((row) => ({
    ...row,
    userEmail: (row.userId && accounts.get(row.userId)?.email) || null,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt.toISOString(),
  }));
}

/** Newest first; one row more than the page is read to know whether another page follows. */
export async function listSessions(db: Db, query: AdminRecordingsQuery) {
  // A recording issued but not yet sent to has nothing to replay.
  const filters: SQL[] = [gt(recordingSessions.eventCount, 0)];
  if (query.userId) filters.push(eq(recordingSessions.userId, query.userId));
  if (query.chatId) filters.push(eq(recordingSessions.chatId, query.chatId));
  if (query.orderId) filters.push(sql`${recordingSessions.orderIds} @> array[${query.orderId}]::text[]`);
  const rows = await db
    .select(listColumns)
    .from(recordingSessions)
    .where(and(...filters))
    .orderBy(desc(recordingSessions.createdAt), desc(recordingSessions.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return {
    recordings: await toRecordings(db, rows.slice(0, query.limit)),
    page: query.page,
    limit: query.limit,
    hasMore: rows.length > query.limit,
  };
}

export async function findSession(db: Db, id: string): Promise<AdminRecording | null> {
  const rows = await db.select(listColumns).from(recordingSessions).where(eq(recordingSessions.id, id));
  return rows[0] ? ((await toRecordings(db, [rows[0]]))[0] ?? null) : null;
}

export interface StoredBatch {
  /** The events' JSON text (an array) of a batch stored before issue 21. */
  legacyText: string | null;
  /** The events' JSON text, gzip-compressed. */
  gzip: Buffer | null;
}

/** The session's batches in the order the browser numbered them, as stored (the service decompresses). */
export async function sessionBatches(db: Db, id: string): Promise<StoredBatch[]> {
  const rows = await db
    .select({
      legacyText: sql<string | null>`${recordingBatches.events}::text`,
      gzipBase64: sql<string | null>`encode(${recordingBatches.eventsGzip}, 'base64')`,
    })
    .from(recordingBatches)
    .where(eq(recordingBatches.sessionId, id))
    .orderBy(asc(recordingBatches.sequence));
  return rows.map((row) => ({ legacyText: row.legacyText, gzip: row.gzipBase64 === null ? null : Buffer.from(row.gzipBase64, 'base64') }));
}

/** Deletes the sessions whose last batch came before the cut-off (their batches go with them). */
export async function deleteSessionsBefore(db: Db, cutOff: Date): Promise<number> {
  const deleted = await db
    .delete(recordingSessions)
    .where(lt(recordingSessions.lastBatchAt, cutOff))
    .returning({ id: recordingSessions.id });
  return deleted.length;
}

/** Deletes the recordings issued before the cut-off that never got a batch (a browser that left at once). */
export async function deleteEmptyBefore(db: Db, cutOff: Date): Promise<number> {
  const deleted = await db
    .delete(recordingSessions)
    .where(and(eq(recordingSessions.eventCount, 0), lt(recordingSessions.createdAt, cutOff)))
    .returning({ id: recordingSessions.id });
  return deleted.length;
}

/** Any number: the storage cap's checks take this lock so that one at a time deletes. */
const STORAGE_CAP_LOCK = 21_033;

/**
 * While all recordings take more than `maxTotal` bytes, the least recently written go, whole, until the
 * rest fits: one sum over the running counts, then (only when over) one delete of the oldest whose bytes
 * cover the excess. Under the lock, a second check waits and then sees the first one's result.
 */
export async function deleteOldestOverTotal(db: Db, maxTotal: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${STORAGE_CAP_LOCK})`);
    const [total] = await tx
      .select({ bytes: sql<string>`coalesce(sum(${recordingSessions.storedBytes}), 0)::text` })
      .from(recordingSessions);
    const excess = Number(total?.bytes ?? 0) - maxTotal;
    if (excess <= 0) return 0;
    const deleted = await tx.execute<{ id: string }>(sql`
      with oldest as (
        select id, sum(stored_bytes) over (order by last_batch_at, id) - stored_bytes as before
        from recording_sessions
        -- A recording with nothing stored frees nothing: it may be one just issued, its first batch on the way.
        where stored_bytes > 0
      )
      delete from recording_sessions s using oldest
      where s.id = oldest.id and oldest.before < ${excess}
      returning s.id`);
    return rowCount(deleted);
  });
}

/** Rows a raw statement returned, whichever driver ran it. */
const rowCount = (result: unknown) => ((result as { rows?: unknown[] }).rows ?? (result as unknown[])).length;

export async function isOptedOut(db: Db | Tx, userId: string): Promise<boolean> {
  const rows = await db.select({ userId: recordingOptOuts.userId }).from(recordingOptOuts).where(eq(recordingOptOuts.userId, userId));
  return rows.length > 0;
}

export async function setOptedOut(db: Db, userId: string, optedOut: boolean): Promise<void> {
  if (optedOut) await db.insert(recordingOptOuts).values({ userId }).onConflictDoNothing();
  else await db.delete(recordingOptOuts).where(eq(recordingOptOuts.userId, userId));
}
