// Drizzle view of the orders' tables (issue 25): orders, their lines and the statuses an order goes through.
// db/schema.ts gathers every module's tables; another module reads them through this module's index.ts.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/tables.ts';

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
