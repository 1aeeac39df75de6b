// Drizzle view of the game providers' credits (issue 25).
// db/schema.ts gathers every module's tables; another module reads them through this module's index.ts.
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/tables.ts';

/** Winnings a game provider credited: one row per (distributor, its transaction id); the coins are a ledger entry. */
// Unique (distributor, transaction_id): the SQL migration declares it.
export const distributorCredits = pgTable(
  'distributor_credits',
  {
    distributor: text('distributor').notNull(),
    transactionId: text('transaction_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    amount: integer('amount').notNull(),
    reason: text('reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('distributor_credits_distributor_transaction_id').on(t.distributor, t.transactionId)],
);
