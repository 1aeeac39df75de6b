// Drizzle view of the profile's table (issue 25): the shopper's picture.
// db/schema.ts gathers every module's tables; another module reads them through this module's index.ts.
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts, bytea } from '../../db/columns.ts';

/** The shopper's profile picture as served (a re-encoded WebP), one per user; `key` names it in its URL. */
export const userAvatars = pgTable('user_avatars', {
  userId: text('user_id').primaryKey(),
  key: text('key').notNull().unique('user_avatars_key_key'),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
