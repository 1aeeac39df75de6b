// Drizzle view of the cart's tables (issue 25).
// db/schema.ts gathers every module's tables; another module reads them through this module's index.ts.
import { integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/tables.ts';

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
