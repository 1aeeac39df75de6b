// Drizzle view of the store settings' table (issue 25).
// db/schema.ts gathers every module's tables; another module reads them through this module's index.ts.
import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** Raised by every write (0025): the optimistic lock of the admin console's settings page. */
  version: integer('version').notNull().default(1),
});
