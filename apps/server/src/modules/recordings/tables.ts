// Drizzle view of the recording tables (migrations 0029 and 0033, the source of truth), kept beside the
// module that alone reads and writes them.
import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** bytea, always written and read as base64 text through SQL (repository.ts says why). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
const bytes = (name: string) => bigint(name, { mode: 'number' });

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const recordingSessions = pgTable(
  'recording_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id'),
    chatId: text('chat_id'),
    orderIds: text('order_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    paths: text('paths')
      .array()
      .notNull()
      .default(sql`'{}'`),
    userAgent: text('user_agent'),
    startedAt: ts('started_at').notNull(),
    endedAt: ts('ended_at').notNull(),
    eventCount: integer('event_count').notNull().default(0),
    /** SHA-256 (hex) of the secret the recording's batches carry; null for sessions recorded before issue 21. */
    secretHash: text('secret_hash'),
    /** The events' JSON text, uncompressed, in bytes: the per-recording cap. */
    eventBytes: bytes('event_bytes').notNull().default(0),
    /** What the batches take in the table (compressed): the total storage cap. */
    storedBytes: bytes('stored_bytes').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastBatchAt: ts('last_batch_at').notNull().defaultNow(),
  },
  (t) => [
    index('recording_sessions_chat')
      .on(t.chatId)
      .where(sql`chat_id IS NOT NULL`),
    index('recording_sessions_last_batch').on(t.lastBatchAt, t.id),
    index('recording_sessions_orders').using('gin', t.orderIds),
    index('recording_sessions_created').on(t.createdAt.desc(), t.id.desc()),
    index('recording_sessions_user')
      .on(t.userId, t.createdAt.desc(), t.id.desc())
      .where(sql`user_id IS NOT NULL`),
  ],
);

export const recordingBatches = pgTable(
  'recording_batches',
  {
    sessionId: text('session_id').notNull(),
    sequence: integer('sequence').notNull(),
    /** Batches stored before issue 21; later ones are in eventsGzip. */
    events: jsonb('events'),
    /** The events' JSON text (an array), gzip-compressed. */
    eventsGzip: bytea('events_gzip'),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.sequence] })],
);

export const recordingOptOuts = pgTable('recording_opt_outs', {
  userId: text('user_id').primaryKey(),
  optedOutAt: ts('opted_out_at').notNull().defaultNow(),
});
