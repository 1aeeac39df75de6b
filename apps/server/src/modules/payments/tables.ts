// Drizzle view of the payments' tables (issue 25): payments, saved cards, bank accounts, webhook events, flags.
// db/schema.ts gathers every module's tables; another module reads them through this module's index.ts.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PAYMENT_METHOD_KINDS } from '@store/shared';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/tables.ts';

export const savedCards = pgTable(
  'saved_cards',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    vaultToken: text('vault_token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('saved_cards_user_idx')
      .on(t.userId, t.createdAt.desc())
      .where(sql`deleted_at IS NULL`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** The registered provider that made the payment, and is asked about it later (ADR 009). */
    provider: text('provider').notNull(),
    /** What the shopper pays with (0010). */
    method: text('method', { enum: PAYMENT_METHOD_KINDS }).notNull(),
    transactionId: text('transaction_id').notNull().unique(),
    relatedTransactionId: text('related_transaction_id'),
    status: text('status', {
      // 'refunding': an admin's refund claimed it and the provider is being asked (0027, ADR 026).
      enum: ['initiated', 'challenge', 'pending', 'approved', 'refunding', 'declined', 'failed', 'refunded', 'reversed'],
    }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    threeDVersion: text('three_d_version'),
    declineReason: text('decline_reason'),
    cardToken: text('card_token'),
    userPaymentOptionId: text('user_payment_option_id'),
    saveCard: boolean('save_card').notNull().default(false),
    /** The order names this payment as the one that paid it (0054, ADR 057): written with the approval. */
    paidOrder: boolean('paid_order').notNull().default(false),
    /** The address the shopper's request came from (0031): a decline reported later weighs on it too (ADR 031). */
    clientAddress: text('client_address'),
    /** Lookups the provider could not answer yet (0037, ADR 037): reconciliation waits longer after each. */
    lookupAttempts: integer('lookup_attempts').notNull().default(0),
    /** When reconciliation may ask the provider again (0037); null: as soon as the payment is stale. */
    nextLookupAt: ts('next_lookup_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // One payment attempt in flight per order.
    uniqueIndex('payments_one_attempt_in_flight_idx')
      .on(t.orderId)
      .where(sql`status IN ('initiated', 'challenge', 'pending')`),
    index('payments_in_flight_idx')
      .on(t.updatedAt)
      .where(sql`status = ANY (ARRAY['initiated'::text, 'challenge'::text, 'pending'::text])`),
    index('payments_order_idx').on(t.orderId),
    // Approvals that did not pay their order, for reconciliation (0054).
    index('payments_unsettled_approvals_idx')
      .on(t.updatedAt)
      .where(sql`status = 'approved' AND NOT paid_order`),
    // A shopper's newest payments first: the card they paid with last (0052).
    index('payments_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** A provider's webhook events taken, by (provider, event id): a replay or a parallel duplicate changes nothing. */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    status: text('status', { enum: ['processing', 'done'] }).notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
    claimedAt: ts('claimed_at').notNull().defaultNow(),
    handledAt: ts('handled_at'),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    /** The provider's id for the account (Nuvei's userPaymentOptionId). */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    bankName: text('bank_name').notNull(),
    last4: text('last4').notNull(),
    accountType: text('account_type', { enum: ['checking', 'savings'] }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('bank_accounts_user_idx')
      .on(t.userId, t.createdAt.desc())
      .where(sql`deleted_at IS NULL`),
  ],
);

export const accountFlags = pgTable(
  'account_flags',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason', { enum: ['bank_payment_returned'] }).notNull(),
    reference: text('reference').notNull(),
    detail: text('detail').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.reference] })],
);
