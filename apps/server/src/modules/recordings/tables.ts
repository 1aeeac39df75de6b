// Drizzle view of the recording tables (migration 0029, the source of truth), kept beside the module that
// alone reads and writes them.
import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const recordingSessions = pgTable('recording_sessions', {
  id: text('id').primaryKey(),
  userId: text('user_id'),
  chatId: text('chat_id'),
  orderIds: text('order_ids').array().notNull(),
  paths: text('paths').array().notNull(),
  userAgent: text('user_agent'),
  startedAt: ts('started_at').notNull(),
  endedAt: ts('ended_at').notNull(),
  eventCount: integer('event_count').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastBatchAt: ts('last_batch_at').notNull().defaultNow(),
});

export const recordingBatches = pgTable(
  'recording_batches',
  {
    sessionId: text('session_id').notNull(),
    sequence: integer('sequence').notNull(),
    events: jsonb('events').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.sequence] })],
);

export const recordingOptOuts = pgTable('recording_opt_outs', {
  userId: text('user_id').primaryKey(),
  optedOutAt: ts('opted_out_at').notNull().defaultNow(),
});
