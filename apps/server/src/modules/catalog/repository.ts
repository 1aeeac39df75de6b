import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { GiftCard, Product } from '@store/shared';
import type { Db } from '../../db/client.ts';
import { giftCards, products } from '../../db/schema.ts';
import { giftCardAvailable } from './availability.ts';
import { giftCardItemColumns, productItemColumns } from './items.ts';

export interface ListingFilter {
  /** By price in this order; without one, by the admin's display order (position), then price. */
  sortOrder?: 'asc' | 'desc';
  /** Exact price in cents. */
  price?: number;
}

const productColumns = productItemColumns;
// The listing names a gift card's brand too.
const giftCardColumns = { ...giftCardItemColumns, brand: giftCards.brand };

interface CatalogRow {
  id: string;
  name: string;
  description: string;
  image: string;
  priceCents: number;
  coins: number;
  isAvailable: boolean;
  bonusType: Product['bonusType'];
  bonusAmount: number | null;
}

function toProduct(row: CatalogRow): Product {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    image: row.image,
    price: row.priceCents,
    coins: row.coins,
    isAvailable: row.isAvailable,
    bonusType: row.bonusType,
    bonusAmount: row.bonusAmount,
    kind: 'product',
  };
}

function toGiftCard(row: CatalogRow & { brand: string }): GiftCard {
  return { ...toProduct(row), brand: row.brand, kind: 'giftCard' };
}

/**
 * The order within the available and the sold groups: the shopper's price order first when one is asked
 * for, the admin's position breaking ties; else the position first (ADR 023). Name and id keep ties stable.
 */
function listingOrder(table: typeof products | typeof giftCards, sortOrder: ListingFilter['sortOrder']): SQL[] {
  const byPosition = asc(table.position);
  if (!sortOrder) return [byPosition, asc(table.priceCents), asc(table.name), asc(table.id)];
  const byPrice = sortOrder === 'desc' ? desc(table.priceCents) : asc(table.priceCents);
  return [byPrice, byPosition, asc(table.name), asc(table.id)];
}

/** What the shop shows: never a hidden item (ADR 023); at one price when asked. */
function shown(table: typeof products | typeof giftCards, price: number | undefined): SQL | undefined {
  return and(eq(table.isHidden, false), price === undefined ? undefined : eq(table.priceCents, price));
}

/** Available first, then sold; then listingOrder. */
export async function listProducts(db: Db, filter: ListingFilter): Promise<Product[]> {
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(shown(products, filter.price))
    .orderBy(desc(products.isAvailable), ...listingOrder(products, filter.sortOrder));
  return rows.map(toProduct);
}

export async function listGiftCards(db: Db, filter: ListingFilter): Promise<GiftCard[]> {
  const rows = await db
    .select(giftCardColumns)
    .from(giftCards)
    .where(shown(giftCards, filter.price))
    .orderBy(desc(giftCardAvailable), ...listingOrder(giftCards, filter.sortOrder));
  return rows.map(toGiftCard);
}

/** Every price on offer (products and gift cards, sold ones included, hidden ones not), ascending, each once. */
export async function listDistinctPrices(db: Db): Promise<number[]> {
  const rows = await db
    .select({ price: products.priceCents })
    .from(products)
    .where(eq(products.isHidden, false))
    .union(db.select({ price: giftCards.priceCents }).from(giftCards).where(eq(giftCards.isHidden, false)));
  return rows.map((r) => r.price).sort((a, b) => a - b);
}

/** A hidden item is off the shop: not found, as if removed. */
export async function findProduct(db: Db, id: string): Promise<Product | undefined> {
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.id, id), eq(products.isHidden, false)));
  return rows[0] && toProduct(rows[0]);
}

export async function findGiftCard(db: Db, id: string): Promise<GiftCard | undefined> {
  const rows = await db
    .select(giftCardColumns)
    .from(giftCards)
    .where(and(eq(giftCards.id, id), eq(giftCards.isHidden, false)));
  return rows[0] && toGiftCard(rows[0]);
}
