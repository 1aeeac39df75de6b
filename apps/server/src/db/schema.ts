// Drizzle view of the store's tables the SQL migrations create (migrations/ is the source of truth); the
// hosted checkout's own are in apps/checkout-host/src/tables.ts (ADR 047, 048), the sandboxes' in sandbox-schema.ts.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { BANK_LINK_RETURNS, PAYMENT_METHOD_KINDS, type KycEvidence } from '@store/shared';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export interface AddressJson {
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    role: text('role', { enum: ['USER', 'ADMIN'] })
      .notNull()
      .default('USER'),
    image: text('image'),
    address: jsonb('address').$type<AddressJson>(),
    lastIp: text('last_ip'),
    emailVerifiedAt: ts('email_verified_at'),
    /** When they confirmed at sign-up that they are 18 or older (0049); null before the question, or after a social sign-in. */
    adultConfirmedAt: ts('adult_confirmed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('users_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('users_firstname_prefix_idx').using('btree', sql`lower(firstname) text_pattern_ops`),
    index('users_email_prefix_idx').on(t.email.op('text_pattern_ops')),
    index('users_lastname_prefix_idx').using('btree', sql`lower(lastname) text_pattern_ops`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** How the session was signed in: a social provider (migration 0030), or null for a password. */
    signInProvider: text('sign_in_provider', { enum: ['apple', 'facebook'] }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /**
     * 'unlock-sign-in': a sign-in past the per-account delay (migration 0034, ADR 034); 'change-email': the
     * proof of a new address asked for from the profile (0051).
     */
    purpose: text('purpose', { enum: ['verify-email', 'reset-password', 'unlock-sign-in', 'change-email'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The address a 'change-email' link confirms (0051). */
    pendingEmail: text('pending_email'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId, t.purpose)],
);

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

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** Raised by every write (0025): the optimistic lock of the admin console's settings page. */
  version: integer('version').notNull().default(1),
});

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    image: text('image').notNull(),
    priceCents: integer('price_cents').notNull(),
    coins: integer('coins').notNull(),
    isAvailable: boolean('is_available').notNull().default(true),
    bonusType: text('bonus_type', { enum: ['PERCENTAGE', 'COINS'] }),
    bonusAmount: integer('bonus_amount'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Admin console (0024, ADR 023): optimistic lock, display order, off the shop altogether. */
    version: integer('version').notNull().default(1),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    position: integer('position').notNull().default(0),
    isHidden: boolean('is_hidden').notNull().default(false),
  },
  (t) => [
    index('products_listing_idx').on(t.isAvailable.desc(), t.priceCents),
    index('products_admin_order_idx').on(t.position, t.name, t.id),
  ],
);

export const giftCards = pgTable(
  'gift_cards',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    image: text('image').notNull(),
    brand: text('brand').notNull(),
    priceCents: integer('price_cents').notNull(),
    coins: integer('coins').notNull().default(0),
    isAvailable: boolean('is_available').notNull().default(true),
    bonusType: text('bonus_type', { enum: ['PERCENTAGE', 'COINS'] }),
    bonusAmount: integer('bonus_amount'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Admin console (0024, ADR 023): optimistic lock, display order, off the shop altogether. */
    version: integer('version').notNull().default(1),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    position: integer('position').notNull().default(0),
    isHidden: boolean('is_hidden').notNull().default(false),
  },
  (t) => [index('gift_cards_admin_order_idx').on(t.position, t.name, t.id)],
);

export const promotions = pgTable(
  'promotions',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    channel: text('channel', { enum: ['web', 'app'] }).notNull(),
    kind: text('kind', { enum: ['active', 'first-purchase'] })
      .notNull()
      .default('active'),
    bonusType: text('bonus_type', { enum: ['PERCENTAGE', 'COINS'] }).notNull(),
    bonusPercentage: integer('bonus_percentage').notNull(),
    startsAt: ts('starts_at').notNull().defaultNow(),
    endsAt: ts('ends_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Raised by every admin edit (0025): the optimistic lock of the admin console. */
    version: integer('version').notNull().default(1),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('promotions_created_idx').on(t.createdAt.desc(), t.id.desc())],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** The shopper's three wallets, and the hold a cash-out's coins wait in (0018, ADR 017). */
    wallet: text('wallet', { enum: ['purchasedWallet', 'winWallet', 'stackingWallet', 'cashOutHold'] }).notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    reference: text('reference').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique('ledger_entries_reference_wallet_key').on(t.reference, t.wallet), index('ledger_user_idx').on(t.userId, t.wallet)],
);

// --- DISTRIBUTOR CREDITS (issue 10, migration 0016) ---
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

/** An admin's adjustment of one wallet: who, when and why; the coins are the ledger entry 'adjustment:{id}'. */
export const walletAdjustments = pgTable(
  'wallet_adjustments',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    wallet: text('wallet', { enum: ['purchasedWallet', 'winWallet', 'stackingWallet'] }).notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    adminId: text('admin_id')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The admin's Idempotency-Key (ADR 035), unique per admin; null for adjustments made before keys. */
    idempotencyKey: text('idempotency_key'),
    /** The shopper's wallets right after the adjustment: what a retry with the same key is answered. */
    coinsAfter: jsonb('coins_after').$type<{ purchasedWallet: number; winWallet: number; stackingWallet: number }>(),
  },
  (t) => [
    // One adjustment per admin and Idempotency-Key (ADR 035).
    uniqueIndex('wallet_adjustments_admin_idempotency_key')
      .on(t.adminId, t.idempotencyKey)
      .where(sql`idempotency_key IS NOT NULL`),
    index('wallet_adjustments_user_id').on(t.userId, t.createdAt),
  ],
);

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

// --- CART (issue 3) ---
export const carts = pgTable('carts', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id),
  couponId: text('coupon_id'),
  version: integer('version').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: text('id').primaryKey(),
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id),
    itemKind: text('item_kind', { enum: ['product', 'giftCard'] }).notNull(),
    itemId: text('item_id').notNull(),
    quantity: integer('quantity').notNull(),
    position: integer('position').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique('cart_items_cart_id_item_kind_item_id_key').on(t.cartId, t.itemKind, t.itemId)],
);

export const coupons = pgTable(
  'coupons',
  {
    id: text('id').primaryKey(),
    code: text('code').notNull().unique(),
    description: text('description').notNull().default(''),
    kind: text('kind', { enum: ['PERCENT', 'FIXED'] }).notNull(),
    amount: integer('amount').notNull(),
    startsAt: ts('starts_at').notNull().defaultNow(),
    endsAt: ts('ends_at'),
    minSubtotalCents: integer('min_subtotal_cents').notNull().default(0),
    maxRedemptions: integer('max_redemptions'),
    perUserLimit: integer('per_user_limit'),
    redeemedCount: integer('redeemed_count').notNull().default(0),
    userId: text('user_id').references(() => users.id),
    active: boolean('active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Raised by every admin edit (0025), not by shoppers' uses: the optimistic lock of the admin console. */
    version: integer('version').notNull().default(1),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('coupons_created_idx').on(t.createdAt.desc(), t.id.desc())],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: text('id').primaryKey(),
    couponId: text('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    orderId: text('order_id').notNull().unique(),
    status: text('status', { enum: ['reserved', 'redeemed', 'released'] }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('coupon_redemptions_user_idx').on(t.couponId, t.userId, t.status)],
);

// --- PAYMENTS (issue 3) ---
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
    // A shopper's newest payments first: the card they paid with last (0052).
    index('payments_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

// --- ORDERS (issue 3) ---
export const orderStatuses = ['pending', 'paid', 'fulfilled', 'failed', 'canceled', 'refunded'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    /** The order number a person reads (0046): from 100001, assigned by the database, unique. */
    number: bigint('number', { mode: 'number' }).generatedAlwaysAsIdentity({ startWith: 100001 }).notNull().unique('orders_number_unique'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: orderStatuses }).notNull().default('pending'),
    source: text('source', { enum: ['cart', 'buy-now'] }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    coins: integer('coins').notNull(),
    bonusCoins: integer('bonus_coins').notNull().default(0),
    couponId: text('coupon_id'),
    couponCode: text('coupon_code'),
    promotionId: text('promotion_id'),
    eligibilityPromotionId: text('eligibility_promotion_id'),
    /** The part of bonusCoins that the eligibility (first-purchase) promotion gave (0007). */
    eligibilityBonusCoins: integer('eligibility_bonus_coins').notNull().default(0),
    taxState: text('tax_state'),
    reservationsHeld: boolean('reservations_held').notNull().default(false),
    paymentId: text('payment_id'),
    failureReason: text('failure_reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
    paidAt: ts('paid_at'),
    fulfilledAt: ts('fulfilled_at'),
    /** When the order last took its reservations for a payment; they expire after ORDER_RESERVATION_MINUTES (0007). */
    reservedAt: ts('reserved_at'),
  },
  (t) => [
    // An idempotency key names one live order (a failed or canceled one frees it).
    uniqueIndex('orders_idempotency_key_live')
      .on(t.idempotencyKey)
      .where(sql`status NOT IN ('failed', 'canceled')`),
    index('orders_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('orders_user_idx').on(t.userId, t.createdAt.desc()),
    index('orders_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('orders_paid_idx')
      .on(t.status)
      .where(sql`status = 'paid'::text`),
    index('orders_held_reservations_idx')
      .on(t.reservedAt)
      .where(sql`(status = 'pending'::text) AND reservations_held`),
    index('orders_paid_at_idx')
      .on(t.paidAt)
      .where(sql`paid_at IS NOT NULL`),
  ],
);

/** The order that was each shopper's first fulfilled purchase: only it keeps the first-purchase bonus (0007). */
export const firstPurchases = pgTable('first_purchases', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  orderId: text('order_id')
    .notNull()
    .unique()
    .references(() => orders.id),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const orderItems = pgTable(
  'order_items',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    itemKind: text('item_kind', { enum: ['product', 'giftCard'] }).notNull(),
    itemId: text('item_id').notNull(),
    name: text('name').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    coins: integer('coins').notNull(),
    bonusCoins: integer('bonus_coins').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

export const giftCardCodes = pgTable(
  'gift_card_codes',
  {
    id: text('id').primaryKey(),
    giftCardId: text('gift_card_id')
      .notNull()
      .references(() => giftCards.id),
    code: text('code').notNull().unique(),
    orderId: text('order_id').references(() => orders.id),
    userId: text('user_id').references(() => users.id),
    reservedAt: ts('reserved_at'),
    assignedAt: ts('assigned_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** What the code gives when redeemed, fixed when it is sold (0048): the gift card's coins and bonus then. */
    coins: integer('coins'),
    bonusCoins: integer('bonus_coins'),
    /** Who redeemed it, and when (0048): both or neither. */
    redeemedBy: text('redeemed_by').references(() => users.id),
    redeemedAt: ts('redeemed_at'),
  },
  (t) => [
    index('gift_card_codes_card_idx').on(t.giftCardId, t.orderId, t.assignedAt),
    index('gift_card_codes_order_idx').on(t.orderId),
    index('gift_card_codes_free_idx')
      .on(t.giftCardId)
      .where(sql`order_id IS NULL`),
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

// --- CASHIER (issue 9, 0012, ADR 014) ---
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

// --- PAYMENT PROVIDERS' SHARED TABLES (issue 22, 0036, ADR 036) ---
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

// --- STRIPE (issue 9, 0013, ADR 012) ---

// --- BANK ACCOUNTS (ACH), issue 9 (0011, ADR 011) ---
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

// --- SQUARE (issue 9, 0014, ADR 013) ---

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

// --- CASHOUT (issue 10, migration 0018) ---
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

// --- KYC VERIFICATION ATTEMPTS (issue 10, migration 0017, ADR 016) ---
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

// --- PROFILE PICTURE (issue 10, migration 0019, ADR 019) ---

/** bytea as a Buffer: pg answers a Buffer, PGlite a Uint8Array; both become a Buffer here. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

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

/** Catalogue pictures an admin uploaded (0024, ADR 023), served under /assets/products/uploads/{key}.webp. */
export const catalogImages = pgTable('catalog_images', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  uploadedBy: text('uploaded_by')
    .notNull()
    .references(() => users.id),
  createdAt: ts('created_at').notNull().defaultNow(),
});

// --- ADMIN AUDIT LOG (issue 12, migration 0023) ---
/** Every admin change: who, what, before and after, when. Append-only: triggers refuse UPDATE, DELETE, TRUNCATE. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: text('actor_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_log_created').on(t.createdAt.desc(), t.id.desc()),
    index('admin_audit_log_actor').on(t.actorId, t.createdAt.desc(), t.id.desc()),
    index('admin_audit_log_action').on(t.action, t.createdAt.desc(), t.id.desc()),
  ],
);

// --- SOCIAL SIGN-IN (issue 12, migration 0030, ADR 029) ---
const socialProvider = (name: string) => text(name, { enum: ['apple', 'facebook'] });

/** A user's identity at Apple or Facebook, and what the provider last said about the person. */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    provider: socialProvider('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    isPrivateEmail: boolean('is_private_email').notNull().default(false),
    name: text('name'),
    picture: text('picture'),
    lastSignInAt: ts('last_sign_in_at').notNull().defaultNow(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('social_identities_provider_subject_key').on(t.provider, t.subject),
    unique('social_identities_user_id_provider_key').on(t.userId, t.provider),
  ],
);

/** A started sign-in: state, nonce and PKCE verifier, single use, keyed by the state's hash. */
export const socialSignInStates = pgTable(
  'social_sign_in_states',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: socialProvider('provider').notNull(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    bindingHash: text('binding_hash').notNull(),
    /** A link started from the profile (0050): the signed-in user the identity is for; null for a sign-in. */
    linkUserId: text('link_user_id').references(() => users.id),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('social_sign_in_states_expires').on(t.expiresAt)],
);

/** The one-time code the sign-in landing page trades for a session. */
export const socialSignInHandoffs = pgTable('social_sign_in_handoffs', {
  codeHash: text('code_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id),
  provider: socialProvider('provider').notNull(),
  bindingHash: text('binding_hash').notNull(),
  /** A link's hand-over (0050): the identity to link when the user's browser finishes; null for a sign-in. */
  linkIdentity: jsonb('link_identity').$type<SocialLinkIdentity>(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** What a provider vouched for (an ID token's person), kept until the user's browser finishes the link. */
export interface SocialLinkIdentity {
  subject: string;
  email: string | null;
  /** Only a provider's explicit assertion counts: Apple's email_verified, or the sandbox's. */
  emailVerified: boolean;
  isPrivateEmail: boolean;
  name: string | null;
  picture: string | null;
}
