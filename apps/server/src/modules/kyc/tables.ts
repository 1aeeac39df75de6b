// Drizzle view of the identity verification's tables (issue 25): the record, each attempt, each reset.
// db/schema.ts gathers every module's tables; another module reads them through this module's index.ts.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { type KycEvidence } from '@store/shared';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/tables.ts';

export const kycRecords = pgTable(
  'kyc_records',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id),
    attempts: integer('attempts').notNull().default(0),
    decision: text('decision'),
    status: text('status'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** The last identity review by an admin (migration 0026, ADR 025): who, when and why. */
    reviewedAt: ts('reviewed_at'),
    reviewedBy: text('reviewed_by').references(() => users.id),
    reviewReason: text('review_reason'),
  },
  (t) => [
    index('kyc_records_review_queue')
      .on(t.updatedAt, t.userId)
      .where(sql`(decision = ANY (ARRAY['REJECTED'::text, 'WARNING'::text, 'NOT_EXECUTED'::text])) OR (status = 'ACQUIRED'::text)`),
  ],
);

/** Each start of the identity check at the provider; kyc_records stays the shopper's SPEC §3 record. */
export const kycAttempts = pgTable(
  'kyc_attempts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    number: integer('number').notNull(),
    accountId: text('account_id').notNull(),
    workflowExecutionId: text('workflow_execution_id').notNull().unique(),
    status: text('status', { enum: ['INITIATED', 'ACQUIRED', 'DONE', 'EXPIRED'] }).notNull(),
    decision: text('decision', { enum: ['PASSED', 'REJECTED', 'WARNING', 'NOT_EXECUTED'] }),
    /** What the provider returned about the finished check, for the reviewer (0053, issue 24). */
    evidence: jsonb('evidence').$type<KycEvidence>(),
    retiredAt: ts('retired_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('kyc_attempts_user_id_number').on(t.userId, t.number),
    // One current attempt per shopper.
    uniqueIndex('kyc_attempts_one_current')
      .on(t.userId)
      .where(sql`retired_at IS NULL`),
  ],
);

/** An admin's reset of a shopper's verification record: who, when, what it was. */
export const kycResets = pgTable(
  'kyc_resets',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    adminId: text('admin_id')
      .notNull()
      .references(() => users.id),
    previousAttempts: integer('previous_attempts'),
    previousDecision: text('previous_decision'),
    previousStatus: text('previous_status'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('kyc_resets_user_id').on(t.userId, t.createdAt)],
);
