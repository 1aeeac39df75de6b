// Drizzle view of the fulfilment's table (issue 25): each shopper's first purchase.
// db/schema.ts gathers every module's tables; another module reads them through this module's index.ts.
import { pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/tables.ts';
import { orders } from '../checkout/tables.ts';

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
