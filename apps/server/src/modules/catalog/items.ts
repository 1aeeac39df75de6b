// What the cart prices by (issue 25: the cart asks the catalogue rather than reading its tables): a product or
// a gift card as a line of a cart sees it, its availability with a gift card's free stock included.
import { eq, inArray } from 'drizzle-orm';
import type { CartItemKind } from '@store/shared';
import type { Db, Tx } from '../../db/client.ts';
import { giftCards, products } from '../../db/schema.ts';
import { giftCardAvailable } from './availability.ts';

type Conn = Db | Tx;

export interface CatalogItem {
  kind: CartItemKind;
  id: string;
  name: string;
  description: string;
  image: string;
  priceCents: number;
  coins: number;
  isAvailable: boolean;
  bonusType: 'PERCENTAGE' | 'COINS' | null;
  bonusAmount: number | null;
}

/** A product's columns as the shop shows it (the listing and a cart's line). */
export const productItemColumns = {
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
/** A gift card's columns as the shop shows it, its availability counting free stock. */
export const giftCardItemColumns = {
  id: giftCards.id,
  name: giftCards.name,
  description: giftCards.description,
  image: giftCards.image,
  priceCents: giftCards.priceCents,
  coins: giftCards.coins,
  // Free stock, not just the flag: a gift card whose codes are all taken cannot be added or ordered.
  isAvailable: giftCardAvailable,
  bonusType: giftCards.bonusType,
  bonusAmount: giftCards.bonusAmount,
};

/** One product or gift card, inside `db`'s transaction when it is one; undefined when there is none. */
export async function findCatalogItem(db: Conn, kind: CartItemKind, id: string): Promise<CatalogItem | undefined> {
  const rows =
    kind === 'product'
      ? await db.select(productItemColumns).from(products).where(eq(products.id, id))
      : await db.select(giftCardItemColumns).from(giftCards).where(eq(giftCards.id, id));
  return rows[0] && { ...rows[0], kind };
}

/** The key `findCatalogItems` answers each item under. */
export const catalogItemKey = (kind: CartItemKind, id: string) => `${kind}:${id}`;

/** Several at once (a cart's lines): at most one query per kind; an item that is gone is simply absent. */
export async function findCatalogItems(db: Conn, wanted: readonly { kind: CartItemKind; id: string }[]): Promise<Map<string, CatalogItem>> {
  const idsOf = (kind: CartItemKind) => [...new Set(wanted.filter((w) => w.kind === kind).map((w) => w.id))];
  const productIds = idsOf('product');
  const giftCardIds = idsOf('giftCard');
  const [productRows, giftCardRows] = await Promise.all([
    productIds.length ? db.select(productItemColumns).from(products).where(inArray(products.id, productIds)) : [],
    giftCardIds.length ? db.select(giftCardItemColumns).from(giftCards).where(inArray(giftCards.id, giftCardIds)) : [],
  ]);
  const items = new Map<string, CatalogItem>();
  for (const row of productRows) items.set(catalogItemKey('product', row.id), { ...row, kind: 'product' });
  for (const row of giftCardRows) items.set(catalogItemKey('giftCard', row.id), { ...row, kind: 'giftCard' });
  return items;
}
