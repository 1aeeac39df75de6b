// Drizzle view of the catalogue's tables (issue 25): products, gift cards, their codes and uploaded pictures.
// db/schema.ts gathers every module's tables; another module reads them through this module's index.ts.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts, bytea } from '../../db/columns.ts';
import { users } from '../auth/tables.ts';
import { orders } from '../checkout/tables.ts';

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
