// Drizzle view of the cash-outs' table (issue 25).
// db/schema.ts gathers every module's tables; another module reads them through this module's index.ts.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/tables.ts';

/** A shopper's cash-out of winWallet coins to a saved bank account (ADR 017); the coins are ledger entries 'cashout:{id}:…'. */
export const cashouts = pgTable(
  'cashouts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    amount: integer('amount').notNull(),
    amountCents: integer('amount_cents').notNull(),
    userPaymentOptionId: text('user_payment_option_id').notNull(),
    provider: text('provider').notNull(),
    bankName: text('bank_name').notNull(),
    last4: text('last4').notNull(),
    status: text('status', { enum: ['PENDING', 'APPROVED', 'PAID', 'REJECTED', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    rejectionReason: text('rejection_reason'),
    failureReason: text('failure_reason'),
    decidedBy: text('decided_by').references(() => users.id),
    decidedAt: ts('decided_at'),
    payoutKey: text('payout_key').notNull().unique(),
    payoutTransactionId: text('payout_transaction_id'),
    paidAt: ts('paid_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('cashouts_user_id').on(t.userId, t.createdAt), index('cashouts_status').on(t.status, t.createdAt)],
);
