import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distinctPricesResponse, productListResponse, singleProductResponse, type GiftCard, type Product } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { giftCards, products } from '../../db/schema.ts';
import { STARTER_GIFT_CARDS, STARTER_PRODUCTS } from './starter-catalog.ts';
import { invalidateCatalogCache } from './service.ts';

let t: TestApp;

// A price no seeded item has, shared by two products (one sold) and a gift card, to test the filter.
const SHARED_PRICE = 1234;
const extraProducts = [
  {
    id: 'test-cheap-sold',
    name: 'Test Cheap Sold',
    description: 'sold, cheapest of all',
    image: '/x.svg',
    priceCents: 1,
    coins: 1,
    isAvailable: false,
  },
  {
    id: 'test-shared-available',
    name: 'Test Shared Available',
    description: 'd',
    image: '/x.svg',
    priceCents: SHARED_PRICE,
    coins: 1234,
    isAvailable: true,
  },
  {
    id: 'test-shared-sold',
    name: 'Test Shared Sold',
    description: 'd',
    image: '/x.svg',
    priceCents: SHARED_PRICE,
    coins: 1234,
    isAvailable: false,
  },
];
const extraGiftCard = {
  id: 'test-card',
  name: 'Test Card',
  description: 'd',
  image: '/x.svg',
  brand: 'Test',
  priceCents: SHARED_PRICE,
  coins: 0,
};

beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
  await t.database.db.insert(products).values(extraProducts);
  await t.database.db.insert(giftCards).values(extraGiftCard);
  invalidateCatalogCache(t.database.db);
});
afterAll(() => t.close());

async function listing(query = '') {
  const res = await t.app.inject({ url: `/api/v1/admin/product${query}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return productListResponse.parse(res.json()).data;
}

/** Available first, then sold; inside each group prices follow the order. */
function expectListingOrder(items: Array<Product | GiftCard>, order: 'asc' | 'desc') {
  const firstSold = items.findIndex((p) => !p.isAvailable);
  if (firstSold >= 0) expect(items.slice(firstSold).every((p) => !p.isAvailable)).toBe(true);
  for (const group of [items.filter((p) => p.isAvailable), items.filter((p) => !p.isAvailable)]) {
    const prices = group.map((p) => p.price);
    const sorted = [...prices].sort((a, b) => (order === 'asc' ? a - b : b - a));
    expect(prices).toEqual(sorted);
  }
}

describe('GET /api/v1/admin/product', () => {
  it('lists every product and gift card to a guest, available ones first, cheapest first by default', async () => {
    const { data, giftCards: cards } = await listing();
    expect(data).toHaveLength(STARTER_PRODUCTS.length + extraProducts.length);
    expect(cards).toHaveLength(STARTER_GIFT_CARDS.length + 1);
    expectListingOrder(data, 'asc');
    expectListingOrder(cards, 'asc');
    // The cheapest product of all is sold, so it comes after every available one.
    expect(data.findIndex((p) => p._id === 'test-cheap-sold')).toBe(data.filter((p) => p.isAvailable).length);
    expect(data[0]).toMatchObject({ _id: STARTER_PRODUCTS[0]!.id, price: 499, coins: 500, isAvailable: true, kind: 'product' });
  });

  it('sorts by price descending inside each group with sortOrder=desc', async () => {
    const { data, giftCards: cards } = await listing('?sortOrder=desc');
    expectListingOrder(data, 'desc');
    expectListingOrder(cards, 'desc');
    expect(data[0]!.price).toBe(19_999);
    expect(data.at(-1)!._id).toBe('test-cheap-sold');
  });

  it('filters products and gift cards to one exact price', async () => {
    const { data, giftCards: cards } = await listing(`?price=${SHARED_PRICE}&sortOrder=asc`);
    expect(data.map((p) => p._id)).toEqual(['test-shared-available', 'test-shared-sold']);
    expect(cards.map((c) => c._id)).toEqual(['test-card']);
    expect(cards[0]).toMatchObject({ brand: 'Test', kind: 'giftCard', price: SHARED_PRICE });
  });

  it('returns empty lists for a price nothing has', async () => {
    expect(await listing('?price=3')).toEqual({ data: [], giftCards: [] });
  });

  it('shows the seeded range: a sold-out package, both bonus types, packages without bonus', async () => {
    const { data } = await listing();
    const seeded = data.filter((p) => p._id.startsWith('10000000-'));
    expect(seeded.filter((p) => !p.isAvailable)).toHaveLength(1);
    expect(seeded.some((p) => p.bonusType === 'PERCENTAGE' && p.bonusAmount! > 0)).toBe(true);
    expect(seeded.some((p) => p.bonusType === 'COINS' && p.bonusAmount! > 0)).toBe(true);
    expect(seeded.some((p) => p.bonusType === null && p.bonusAmount === null)).toBe(true);
    for (const p of seeded) expect(p.image).toMatch(/^\/assets\/products\/[a-z-]+\.svg$/);
  });

  it('shows a product added later once the catalogue cache is invalidated', async () => {
    await listing();
    await t.database.db
      .insert(products)
      .values({ id: 'test-late', name: 'Late', description: 'd', image: '/x.svg', priceCents: 77, coins: 77 });
    invalidateCatalogCache(t.database.db);
    const { data } = await listing('?price=77');
    expect(data.map((p) => p._id)).toEqual(['test-late']);
  });

  it.each([
    ['?price=abc', 'price'],
    ['?price=-5', 'price'],
    ['?price=1.5', 'price'],
    ['?sortOrder=up', 'sortOrder'],
    ['?color=red', 'color'],
  ])('rejects bad query %s with a 400 naming the field', async (query, field) => {
    const res = await t.app.inject({ url: `/api/v1/admin/product${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field });
    expect(res.json().message).toContain(field);
  });
});

describe('GET /api/v1/admin/product/getDistinctPrices', () => {
  it('gives each price of products and gift cards once, ascending', async () => {
    const res = await t.app.inject({ url: '/api/v1/admin/product/getDistinctPrices' });
    expect(res.statusCode).toBe(200);
    const prices = distinctPricesResponse.parse(res.json()).data;
    const expected = [...new Set([...STARTER_PRODUCTS, ...STARTER_GIFT_CARDS, ...extraProducts, extraGiftCard].map((p) => p.priceCents))];
    expect(prices).toEqual(expect.arrayContaining(expected));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(new Set(prices).size).toBe(prices.length);
    expect(prices.filter((p) => p === SHARED_PRICE)).toHaveLength(1);
  });
});

describe('single product and gift card', () => {
  it('returns one product under data.data', async () => {
    const seeded = STARTER_PRODUCTS[3]!;
    const res = await t.app.inject({ url: `/api/v1/admin/product/eachProduct/${seeded.id}` });
    expect(res.statusCode).toBe(200);
    const body = singleProductResponse.parse(res.json());
    expect(body.data.data).toEqual({
      _id: seeded.id,
      name: seeded.name,
      description: seeded.description,
      image: seeded.image,
      price: seeded.priceCents,
      coins: seeded.coins,
      isAvailable: true,
      bonusType: seeded.bonusType,
      bonusAmount: seeded.bonusAmount,
      kind: 'product',
    });
  });

  it('returns one gift card under data.data', async () => {
    const seeded = STARTER_GIFT_CARDS[0]!;
    const res = await t.app.inject({ url: `/api/v1/admin/gift-card/${seeded.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data).toMatchObject({ _id: seeded.id, brand: 'Lucky Dragon', price: 2500, kind: 'giftCard' });
  });

  it('gives a 404 envelope for an unknown id', async () => {
    for (const url of ['/api/v1/admin/product/eachProduct/does-not-exist', '/api/v1/admin/gift-card/does-not-exist']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('does not find a gift card through the product path', async () => {
    const res = await t.app.inject({ url: `/api/v1/admin/product/eachProduct/${STARTER_GIFT_CARDS[0]!.id}` });
    expect(res.statusCode).toBe(404);
  });

  it('rejects an id over 64 characters with a 400 naming id', async () => {
    for (const url of [`/api/v1/admin/product/eachProduct/${'a'.repeat(65)}`, `/api/v1/admin/gift-card/${'a'.repeat(65)}`]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, field: 'id' });
    }
  });
});

describe('product artwork', () => {
  it('serves every seeded image as SVG at its URL', async () => {
    for (const item of [...STARTER_PRODUCTS, ...STARTER_GIFT_CARDS]) {
      const res = await t.app.inject({ url: item.image });
      expect(res.statusCode, item.image).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.body).toMatch(/^<svg /);
    }
  });

  it('answers 404 for a missing image', async () => {
    const res = await t.app.inject({ url: '/assets/products/missing.svg' });
    expect(res.statusCode).toBe(404);
  });
});
