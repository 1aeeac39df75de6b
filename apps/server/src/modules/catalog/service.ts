import type { GiftCard, Product, ProductListQuery } from '@store/shared';
import type { Db } from '../../db/client.ts';
import { notFound } from '@store/server-kit';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { findGiftCard, findProduct, listDistinctPrices, listGiftCards, listProducts, type ListingFilter } from './repository.ts';

/**
 * The listing is the busiest public call (every guest on /products) and changes only when the catalogue
 * is edited, so its serialized JSON body is kept for a short time per query. A hit costs a map lookup
 * and no database round trip or serialization, which keeps the route close to the trivial /api/ping
 * (see `npm run bench`). Two seconds bounds how stale another instance can be after an edit.
 */
const LISTING_CACHE_MS = 2_000;
const LISTING_CACHE_KEYS = 200;
const caches = new WeakMap<Db, TtlCache<string>>();

function cacheFor(db: Db): TtlCache<string> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new TtlCache<string>(LISTING_CACHE_MS, LISTING_CACHE_KEYS);
    caches.set(db, cache);
  }
  return cache;
}

/** Whoever changes products or gift cards calls this so this instance shows the change at once. */
export function invalidateCatalogCache(db: Db): void {
  caches.get(db)?.clear();
}

/** The JSON body of GET v1/admin/product, `{ success, data: { data: products, giftCards } }`. */
export function getListingJson(db: Db, query: ProductListQuery): Promise<string> {
  const filter: ListingFilter = { sortOrder: query.sortOrder, price: query.price };
  return cacheFor(db).get(`listing:${filter.sortOrder ?? ''}:${filter.price ?? ''}`, async () => {
    const [items, cards] = await Promise.all([listProducts(db, filter), listGiftCards(db, filter)]);
    return JSON.stringify({ success: true, data: { data: items, giftCards: cards } });
  });
}

export function getDistinctPrices(db: Db): Promise<number[]> {
  return listDistinctPrices(db);
}

export async function getProduct(db: Db, id: string): Promise<Product> {
  const item = await findProduct(db, id);
  if (!item) throw notFound('This product does not exist or is no longer offered.');
  return item;
}

export async function getGiftCard(db: Db, id: string): Promise<GiftCard> {
  const card = await findGiftCard(db, id);
  if (!card) throw notFound('This gift card does not exist or is no longer offered.');
  return card;
}
