// Drizzle view of the promotions' tables (issue 25): the promotions, and each shopper's first purchase (the
// first-purchase promotion's eligibility: cart prices by it, the pay-an-order workflow claims it).
// db/schema.ts gathers every module's tables; another module reads them through this module's index.ts.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/tables.ts';
import { orders } from '../checkout/tables.ts';

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
