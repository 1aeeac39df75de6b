// Drizzle view of the tables the SQL migrations create (migrations/ is the source of truth).
import { bigserial, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { PAYMENT_METHOD_KINDS } from '@store/shared';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export interface AddressJson {
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

export const users = pgTable('users', {
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
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const emailTokens = pgTable('email_tokens', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id),
  purpose: text('purpose', { enum: ['verify-email', 'reset-password'] }).notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const mailbox = pgTable('mailbox', {
  id: text('id').primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const products = pgTable('products', {
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
});

export const giftCards = pgTable('gift_cards', {
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
});

export const promotions = pgTable('promotions', {
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
});

export const ledgerEntries = pgTable('ledger_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id),
  wallet: text('wallet', { enum: ['purchasedWallet', 'winWallet', 'stackingWallet'] }).notNull(),
  amount: integer('amount').notNull(),
  reason: text('reason').notNull(),
  reference: text('reference').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const kycRecords = pgTable('kyc_records', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  attempts: integer('attempts').notNull().default(0),
  decision: text('decision'),
  status: text('status'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

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

export const cartItems = pgTable('cart_items', {
  id: text('id').primaryKey(),
  cartId: text('cart_id')
    .notNull()
    .references(() => carts.id),
  itemKind: text('item_kind', { enum: ['product', 'giftCard'] }).notNull(),
  itemId: text('item_id').notNull(),
  quantity: integer('quantity').notNull(),
  position: integer('position').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const coupons = pgTable('coupons', {
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
});

export const couponRedemptions = pgTable('coupon_redemptions', {
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
});

// --- PAYMENTS (issue 3) ---
export const vaultCards = pgTable('vault_cards', {
  token: text('token').primaryKey(),
  ciphertext: text('ciphertext').notNull(),
  iv: text('iv').notNull(),
  authTag: text('auth_tag').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const savedCards = pgTable('saved_cards', {
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
});

export const payments = pgTable('payments', {
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
  status: text('status', { enum: ['initiated', 'challenge', 'pending', 'approved', 'declined', 'failed', 'refunded'] }).notNull(),
  amountCents: integer('amount_cents').notNull(),
  threeDVersion: text('three_d_version'),
  declineReason: text('decline_reason'),
  cardToken: text('card_token'),
  userPaymentOptionId: text('user_payment_option_id'),
  saveCard: boolean('save_card').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const sandboxTransactions = pgTable('sandbox_transactions', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: ['init', 'payment', 'refund'] }).notNull(),
  relatedId: text('related_id'),
  /** What the merchant sent as clientUniqueId: our payment id ('card-verification' for a zero-amount check). */
  clientUniqueId: text('client_unique_id').notNull(),
  orderId: text('order_id'),
  userTokenId: text('user_token_id').notNull(),
  cardToken: text('card_token').notNull(),
  amountCents: integer('amount_cents').notNull(),
  status: text('status', { enum: ['initiated', 'challenge', 'approved', 'declined', 'refunded'] }).notNull(),
  /** SHA-256 of the challenge page's single-use secret; null once a decision used it (0008). */
  challengeSecretHash: text('challenge_secret_hash'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

// --- ORDERS (issue 3) ---
export const orderStatuses = ['pending', 'paid', 'fulfilled', 'failed', 'canceled', 'refunded'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const orders = pgTable('orders', {
  id: text('id').primaryKey(),
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
});

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

export const orderItems = pgTable('order_items', {
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
});

export const giftCardCodes = pgTable('gift_card_codes', {
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
});

export const outbox = pgTable('outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  topic: text('topic').notNull(),
  payload: jsonb('payload').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  availableAt: ts('available_at').notNull().defaultNow(),
  processedAt: ts('processed_at'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
});
