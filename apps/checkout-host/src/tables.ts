// Drizzle view of the hosted checkout's own tables (issue 11, ADR 020; their own schema since ADR 047).
// migrations/ here is their source of truth, applied into the host's schema (checkout_host beside public,
// <working>_checkout_host beside any other working schema). The names are unqualified: every connection
// (db/client.ts) has that schema on its search_path after the working one, so they resolve there on
// PostgreSQL and PGlite alike, per test schema too. They are not in db/schema.ts (the store's schema):
// only the host's code (and tests that read its rows) imports them.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const checkoutMerchants = pgTable('checkout_merchants', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  allowedOrigins: jsonb('allowed_origins').$type<string[]>().notNull().default([]),
  nsurePartnerId: text('nsure_partner_id'),
  webhookUrl: text('webhook_url'),
  settlementAddresses: jsonb('settlement_addresses').$type<Record<string, string>>().notNull().default({}),
  settlementType: text('settlement_type', { enum: ['Credits', 'USDC', 'Bank'] })
    .notNull()
    .default('USDC'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * 'authorized': an authOnly session's card is authorised, not captured; the merchant's capture makes it paid (0043),
 * or its void 'voided' (host 0002): the hold released, nothing taken.
 */
export const checkoutSessionStatuses = ['open', 'processing', 'authorized', 'paid', 'declined', 'expired', 'refunded', 'voided'] as const;

/** What the host's payments were made with, as far as the payer is concerned (0043): never card or account numbers. */
export interface CheckoutPayerRecord {
  email: string;
  firstName: string;
  lastName: string;
  country: string;
  ipAddress: string | null;
  address?: string;
  city?: string;
  state?: string;
  zip?: string;
  dateOfBirth?: string;
}

export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => checkoutMerchants.id),
    reference: text('reference').notNull(),
    sessionKeyHash: text('session_key_hash').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    customerId: text('customer_id').notNull(),
    customerEmail: text('customer_email').notNull(),
    allowedMethods: jsonb('allowed_methods').$type<('card' | 'usdc' | 'ach')[]>().notNull().default(['card', 'usdc']),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: checkoutSessionStatuses }).notNull().default('open'),
    method: text('method', { enum: ['card', 'usdc', 'ach'] }),
    chain: text('chain'),
    txId: text('tx_id'),
    cardTransactionId: text('card_transaction_id'),
    declines: integer('declines').notNull().default(0),
    declineCode: text('decline_code'),
    declineReason: text('decline_reason'),
    /** The SPEC §2 money parameters (0043): null while neither the merchant nor the page's link said them. */
    authOnly: boolean('auth_only'),
    webhookInfo: jsonb('webhook_info').$type<Record<string, unknown>>(),
    settlementType: text('settlement_type', { enum: ['Credits', 'USDC', 'Bank'] }),
    tokens: jsonb('tokens').$type<string[]>(),
    lockDefaultToken: boolean('lock_default_token'),
    expiresAt: ts('expires_at').notNull(),
    authorizedAt: ts('authorized_at'),
    paidAt: ts('paid_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** When the merchant voided the authorisation (host 0002). */
    voidedAt: ts('voided_at'),
    /** When the merchant asked to capture it; cleared when the provider declines (host 0003, capture.ts). */
    captureRequestedAt: ts('capture_requested_at'),
  },
  (t) => [
    unique().on(t.merchantId, t.reference),
    index('checkout_sessions_status').on(t.status, t.expiresAt),
    index('checkout_sessions_capture_in_doubt_idx')
      .on(t.captureRequestedAt)
      .where(sql`(status = 'authorized'::text) AND (capture_requested_at IS NOT NULL)`),
  ],
);

export const checkoutCardAttempts = pgTable(
  'checkout_card_attempts',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => checkoutSessions.id),
    transactionId: text('transaction_id'),
    status: text('status', { enum: ['started', 'challenge', 'approved', 'declined', 'failed'] }).notNull(),
    challengeUrl: text('challenge_url'),
    /** The vault token the attempt pays with, for the final payment after a 3-D Secure challenge (0039). */
    cardToken: text('card_token'),
    /** The payer the attempt was made with (0043): the final payment after a challenge sends it again. */
    payer: jsonb('payer').$type<CheckoutPayerRecord>(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('checkout_card_attempts_session').on(t.sessionId, t.createdAt)],
);

/** A bank-account (ACH) debit of a session: the provider's id of the linked account and its last 4, never its numbers. */
export const checkoutBankAttempts = pgTable(
  'checkout_bank_attempts',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => checkoutSessions.id),
    userPaymentOptionId: text('user_payment_option_id').notNull(),
    accountLast4: text('account_last4').notNull(),
    transactionId: text('transaction_id'),
    /** The payer (account holder) the debit was made with (0043). */
    payer: jsonb('payer').$type<CheckoutPayerRecord>(),
    status: text('status', { enum: ['started', 'pending', 'approved', 'declined', 'failed'] }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('checkout_bank_attempts_session').on(t.sessionId, t.createdAt),
    index('checkout_bank_attempts_pending')
      .on(t.updatedAt)
      .where(sql`status = 'pending'::text`),
  ],
);

export const checkoutChainPayments = pgTable(
  'checkout_chain_payments',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => checkoutSessions.id),
    chain: text('chain').notNull(),
    payer: text('payer').notNull(),
    recipient: text('recipient').notNull(),
    /** USDC base units, as text (numeric(78,0)): read with BigInt(). */
    amountBaseUnits: numeric('amount_base_units', { precision: 78, scale: 0 }).notNull(),
    fingerprint: text('fingerprint'),
    lastValidBlockHeight: bigint('last_valid_block_height', { mode: 'number' }),
    txId: text('tx_id'),
    status: text('status', { enum: ['prepared', 'submitted', 'confirmed', 'failed'] })
      .notNull()
      .default('prepared'),
    failureCode: text('failure_code'),
    failureReason: text('failure_reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.chain, t.txId),
    index('checkout_chain_payments_status').on(t.status, t.updatedAt),
    index('checkout_chain_payments_fingerprint')
      .on(t.fingerprint)
      .where(sql`fingerprint IS NOT NULL`),
  ],
);

/** The refund of a USDC session, from the settlement wallet back to the paying wallet (0045, issue 23): one per session. */
export const checkoutChainRefunds = pgTable(
  'checkout_chain_refunds',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .unique()
      .references(() => checkoutSessions.id),
    chain: text('chain').notNull(),
    sender: text('sender').notNull(),
    recipient: text('recipient').notNull(),
    /** USDC base units, as text (numeric(78,0)): read with BigInt(). */
    amountBaseUnits: numeric('amount_base_units', { precision: 78, scale: 0 }).notNull(),
    /** Stored before it is sent: a retry sends the same bytes. */
    signedTransaction: text('signed_transaction'),
    txId: text('tx_id'),
    lastValidBlockHeight: bigint('last_valid_block_height', { mode: 'number' }),
    status: text('status', { enum: ['claimed', 'submitted', 'confirmed', 'failed'] })
      .notNull()
      .default('claimed'),
    failureReason: text('failure_reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('checkout_chain_refunds_status').on(t.status, t.updatedAt)],
);

/** A merchant's hold on its customer's card payments (0031, ADR 031): none is taken until holdUntil. */
export const checkoutCardHolds = pgTable(
  'checkout_card_holds',
  {
    merchantId: text('merchant_id')
      .notNull()
      .references(() => checkoutMerchants.id),
    customerId: text('customer_id').notNull(),
    holdUntil: ts('hold_until').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.customerId] })],
);

/** A fraud check the host made before a payment (0044, ADR 045): the device id and the verdict acted on. */
export const checkoutFraudChecks = pgTable(
  'checkout_fraud_checks',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => checkoutSessions.id),
    method: text('method', { enum: ['card', 'ach', 'usdc'] }).notNull(),
    /** The card attempt, bank attempt or chain payment the check let through; null when none started (declined by the check). */
    paymentId: text('payment_id'),
    deviceId: text('device_id'),
    ip: text('ip'),
    provider: text('provider').notNull(),
    decision: text('decision', { enum: ['approve', 'decline', 'review'] }).notNull(),
    /** 0–100; null when the provider gave none (failed or timed out). */
    score: integer('score'),
    reason: text('reason').notNull(),
    outcome: text('outcome', { enum: ['checked', 'timeout', 'error'] }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('checkout_fraud_checks_payment')
      .on(t.paymentId)
      .where(sql`payment_id IS NOT NULL`),
    index('checkout_fraud_checks_session').on(t.sessionId, t.createdAt),
  ],
);

export const checkoutWebhookOutbox = pgTable(
  'checkout_webhook_outbox',
  {
    eventId: text('event_id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => checkoutMerchants.id),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    deliveredAt: ts('delivered_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('checkout_webhook_outbox_due')
      .on(t.nextAttemptAt)
      .where(sql`delivered_at IS NULL`),
  ],
);
