// Drizzle view of the tables no module owns (issue 25): the outbox and live events (background/, plugins/), and the
// provider families' own (the vault, the cashier's saved cards, provider customers, bank links).
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { BANK_LINK_RETURNS } from '@store/shared';
import { ts } from './columns.ts';
import { users } from '../modules/auth/tables.ts';

export const vaultCards = pgTable(
  'vault_cards',
  {
    token: text('token').primaryKey(),
    ciphertext: text('ciphertext').notNull(),
    iv: text('iv').notNull(),
    authTag: text('auth_tag').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Until when an unused token works (ADR 032); null only for tokens stored before migration 0032, all kept as used. */
    expiresAt: ts('expires_at'),
    /** When a provider first read the card: from then on the token is kept, whatever its expiresAt. */
    usedAt: ts('used_at'),
    /**
     * A new card's CVV, sealed (iv.tag.ciphertext, base64), until the relay sends it: the first relay use
     * takes it, and none outlives expiresAt (ADR 038). Null once taken, past its time, or never given.
     */
    cvv: text('cvv'),
  },
  (t) => [
    index('vault_cards_cvv_expiry_idx')
      .on(t.expiresAt)
      .where(sql`cvv IS NOT NULL`),
    index('vault_cards_unused_expiry_idx')
      .on(t.expiresAt)
      .where(sql`used_at IS NULL`),
  ],
);

export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    availableAt: ts('available_at').notNull().defaultNow(),
    processedAt: ts('processed_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    index('outbox_pending_idx')
      .on(t.availableAt, t.id)
      .where(sql`processed_at IS NULL`),
  ],
);

/** Cards the shopper saved on the card provider's hosted payment page, as its notifications told us (SPEC §3 userSavedNuveiCashierCards). */
export const cashierSavedCards = pgTable(
  'cashier_saved_cards',
  {
    /** The provider's userPaymentOptionId. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('cashier_saved_cards_user_idx')
      .on(t.userId, t.createdAt.desc())
      .where(sql`deleted_at IS NULL`),
  ],
);

/** Each shopper's customer at a provider (Stripe, Square): their saved methods there are that customer's. */
export const providerCustomers = pgTable(
  'provider_customers',
  {
    provider: text('provider').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    customerId: text('customer_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.userId] }), unique().on(t.provider, t.customerId)],
);

export const bankLinks = pgTable('bank_links', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id),
  /** SHA-256 of the linking page's single-use secret; null once the page used it. */
  secretHash: text('secret_hash'),
  orderId: text('order_id'),
  /** Pay orderId from the account as soon as it is linked (POST v1/nuvei/payment/ach without an account). */
  payOnLink: boolean('pay_on_link').notNull().default(false),
  /** The page the shopper comes back to once linked, other than an order's (0047): cash-out. */
  returnTo: text('return_to', { enum: BANK_LINK_RETURNS }),
  status: text('status', { enum: ['open', 'linked'] }).notNull(),
  bankAccountId: text('bank_account_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
});

/** Live events as sent to a shopper, kept for replay after a dropped connection (plugins/live-events.ts). */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('live_events_created_at').on(t.createdAt), index('live_events_user_id_id').on(t.userId, t.id)],
);
