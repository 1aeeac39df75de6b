// Drizzle view of the demo mailbox's table (issue 25).
// db/schema.ts gathers every module's tables; another module reads them through this module's index.ts.
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';

export const mailbox = pgTable(
  'mailbox',
  {
    id: text('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('mailbox_to_idx').on(t.toAddress, t.createdAt.desc())],
);
