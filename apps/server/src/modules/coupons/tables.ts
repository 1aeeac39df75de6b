// Drizzle view of the coupons' tables (issue 25).
// db/schema.ts gathers every module's tables; another module reads them through this module's index.ts.
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/tables.ts';

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
