import { asc, desc, eq } from 'drizzle-orm';
import type { GiftCard, Product } from '@store/shared';
import type { Db } from '../../db/client.ts';
import { giftCards, products } from '../../db/schema.ts';
import { giftCardAvailable } from './availability.ts';

export interface ListingFilter {
  sortOrder: 'asc' | 'desc';
  /** Exact price in cents. */
  price?: number;
}

const productColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  image: products.image,
  priceCents: products.priceCents,
  coins: products.coins,
  isAvailable: products.isAvailable,
  bonusType: products.bonusType,
  bonusAmount: products.bonusAmount,
};
const giftCardColumns = {
  id: giftCards.id,
  name: giftCards.name,
  description: giftCards.description,
  image: giftCards.image,
  priceCents: giftCards.priceCents,
  coins: giftCards.coins,
  isAvailable: giftCardAvailable,
  bonusType: giftCards.bonusType,
  bonusAmount: giftCards.bonusAmount,
  brand: giftCards.brand,
};

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

/** Available first, then sold; by price in the asked order; name and id keep ties stable. */
export async function listProducts(db: Db, filter: ListingFilter): Promise<Product[]> {
  const byPrice = filter.sortOrder === 'desc' ? desc(products.priceCents) : asc(products.priceCents);
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(filter.price === undefined ? undefined : eq(products.priceCents, filter.price))
    .orderBy(desc(products.isAvailable), byPrice, asc(products.name), asc(products.id));
  return rows.map(toProduct);
}

export async function listGiftCards(db: Db, filter: ListingFilter): Promise<GiftCard[]> {
  const byPrice = filter.sortOrder === 'desc' ? desc(giftCards.priceCents) : asc(giftCards.priceCents);
  const rows = await db
    .select(giftCardColumns)
    .from(giftCards)
    .where(filter.price === undefined ? undefined : eq(giftCards.priceCents, filter.price))
    .orderBy(desc(giftCardAvailable), byPrice, asc(giftCards.name), asc(giftCards.id));
  return rows.map(toGiftCard);
}

/** Every price on offer (products and gift cards, sold ones included), ascending, each once. */
export async function listDistinctPrices(db: Db): Promise<number[]> {
  const rows = await db
    .select({ price: products.priceCents })
    .from(products)
    .union(db.select({ price: giftCards.priceCents }).from(giftCards));
  return rows.map((r) => r.price).sort((a, b) => a - b);
}

export async function findProduct(db: Db, id: string): Promise<Product | undefined> {
  const rows = await db.select(productColumns).from(products).where(eq(products.id, id));
  return rows[0] && toProduct(rows[0]);
}

export async function findGiftCard(db: Db, id: string): Promise<GiftCard | undefined> {
  const rows = await db.select(giftCardColumns).from(giftCards).where(eq(giftCards.id, id));
  return rows[0] && toGiftCard(rows[0]);
}
