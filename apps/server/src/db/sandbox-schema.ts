// Drizzle view of the sandboxes' own tables (ADR 042): the providers' pretend side, kept by the built-in
// Nuvei (card, cashier, ACH), Stripe and Square sandboxes. db/sandbox-migrations/ is their source of truth,
// applied only when the sandboxes serve, into the sandbox schema. The names here are unqualified: a database
// opened with `sandbox` (db/client.ts) has that schema on its search_path after the working one, so they
// resolve there on PostgreSQL and PGlite alike, per test schema too; a production database has no such
// schema, and nothing here is reachable through it. They are not in schema.ts (Drizzle's relational view
// of the production schema).
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const sandboxTransactions = pgTable(
  'sandbox_transactions',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['init', 'payment', 'refund', 'settle', 'void'] }).notNull(),
    relatedId: text('related_id'),
    /** What the merchant sent as clientUniqueId: our payment id ('card-verification' for a zero-amount check). */
    clientUniqueId: text('client_unique_id').notNull(),
    orderId: text('order_id'),
    userTokenId: text('user_token_id').notNull(),
    cardToken: text('card_token').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** 'voided': an authorisation whose hold a 'void' released (sandbox 0003). */
    status: text('status', { enum: ['initiated', 'challenge', 'approved', 'declined', 'refunded', 'voided'] }).notNull(),
    /** SHA-256 of the challenge page's single-use secret; null once a decision used it (0008). */
    challengeSecretHash: text('challenge_secret_hash'),
    /** 'Auth': authorised without capture, settled once (settledAt) by a 'settle' transaction (sandbox 0002). */
    transactionType: text('transaction_type', { enum: ['Sale', 'Auth'] })
      .notNull()
      .default('Sale'),
    settledAt: ts('settled_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('sandbox_transactions_client_unique_idx').on(t.clientUniqueId, t.createdAt)],
);

/** The cashier sandbox's hosted pages (the provider's side, only when the sandbox is in use). */
export const cashierSandboxSessions = pgTable(
  'cashier_sandbox_sessions',
  {
    id: text('id').primaryKey(),
    /** What the merchant sent as client_unique_id / merchant_unique_id: our payment id. */
    clientUniqueId: text('client_unique_id').notNull(),
    userTokenId: text('user_token_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    notifyUrl: text('notify_url').notNull(),
    successUrl: text('success_url').notNull(),
    errorUrl: text('error_url').notNull(),
    backUrl: text('back_url').notNull(),
    /** SHA-256 of the page's single-use secret; null once the shopper decided. */
    secretHash: text('secret_hash'),
    status: text('status', { enum: ['open', 'approved', 'declined', 'canceled', 'refunded'] }).notNull(),
    /** The provider's TransactionID once a card was charged (approved or declined). */
    transactionId: text('transaction_id').unique(),
    declineReason: text('decline_reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
  },
  (t) => [index('cashier_sandbox_sessions_client_idx').on(t.clientUniqueId)],
);

/** Cards the cashier sandbox keeps for a user_token_id (the provider's side of a cashier-saved card). */
export const cashierSandboxCards = pgTable(
  'cashier_sandbox_cards',
  {
    id: text('id').primaryKey(),
    userTokenId: text('user_token_id').notNull(),
    vaultToken: text('vault_token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('cashier_sandbox_cards_user_idx').on(t.userTokenId)],
);

/** The Stripe sandbox's objects (customers, payment methods, intents, refunds, events) as it answers them. */
export const stripeSandboxObjects = pgTable(
  'stripe_sandbox_objects',
  {
    id: text('id').primaryKey(),
    object: text('object').notNull(),
    customer: text('customer'),
    private: jsonb('private').$type<Record<string, unknown>>().notNull().default({}),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('stripe_sandbox_objects_payment_idx')
      .using('btree', sql`(((data -> 'metadata'::text) ->> 'paymentId'::text))`)
      .where(sql`object = 'payment_intent'::text`),
    index('stripe_sandbox_objects_customer_idx').on(t.customer, t.object),
  ],
);

/** The Stripe sandbox's answers kept under their idempotency keys (Stripe keeps them 24 hours). */
export const stripeSandboxIdempotency = pgTable('stripe_sandbox_idempotency', {
  key: text('key').primaryKey(),
  request: text('request').notNull(),
  status: integer('status').notNull(),
  body: text('body').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const sandboxAchAccounts = pgTable('sandbox_ach_accounts', {
  id: text('id').primaryKey(),
  userTokenId: text('user_token_id').notNull(),
  bankName: text('bank_name').notNull(),
  last4: text('last4').notNull(),
  accountType: text('account_type').notNull(),
  outcome: text('outcome', { enum: ['settle', 'fail', 'return'] }).notNull(),
  returnCode: text('return_code'),
  removedAt: ts('removed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const sandboxAchDebits = pgTable(
  'sandbox_ach_debits',
  {
    id: text('id').primaryKey(),
    clientUniqueId: text('client_unique_id').notNull(),
    orderId: text('order_id').notNull(),
    userTokenId: text('user_token_id').notNull(),
    accountId: text('account_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['pending', 'settled', 'failed', 'returned', 'refunded'] }).notNull(),
    returnCode: text('return_code'),
    settleAt: ts('settle_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_ach_debits_due_idx')
      .on(t.settleAt)
      .where(sql`status = 'pending'::text`),
    index('sandbox_ach_debits_payment_idx').on(t.clientUniqueId),
  ],
);

/** The Square sandbox's objects (customers, cards, payments, refunds) as it answers them. */
export const squareSandboxObjects = pgTable(
  'square_sandbox_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['customer', 'card', 'payment', 'refund'] }).notNull(),
    customerId: text('customer_id'),
    referenceId: text('reference_id'),
    private: jsonb('private').$type<Record<string, unknown>>().notNull().default({}),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('square_sandbox_objects_customer_idx').on(t.customerId, t.kind),
    index('square_sandbox_objects_created_idx').on(t.kind, t.createdAt),
  ],
);

/** The Square sandbox's answers kept under their idempotency keys; status null while the first request runs. */
export const squareSandboxIdempotency = pgTable('square_sandbox_idempotency', {
  key: text('key').primaryKey(),
  request: text('request').notNull(),
  status: integer('status'),
  body: text('body'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** The ACH sandbox's payouts (credits to a bank account), one per idempotency key. */
export const sandboxAchPayouts = pgTable('sandbox_ach_payouts', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  userTokenId: text('user_token_id').notNull(),
  accountId: text('account_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  status: text('status', { enum: ['approved', 'declined'] }).notNull(),
  reason: text('reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
