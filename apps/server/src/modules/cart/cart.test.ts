import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartResponse, getCartResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { getStoreSettings, saveStoreSettings } from '../settings/index.ts';
import { priceCart, priceItems, removePurchasedLines } from './service.ts';
import {
  as,
  createShopper,
  DRAGONS_PURSE,
  JADE_GIFT_CARD,
  LANTERN_BUNDLE_SOLD_OUT,
  LUCKY_HANDFUL,
  STARTER_POUCH,
  type Shopper,
} from '../../../test/support/cart.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
});
afterAll(() => t.close());

const shopper = () => createShopper(t.database.db);
const getCart = (s: Shopper) => as(t.app, s, { method: 'GET', url: '/api/v1/cart' });
const add = (s: Shopper, payload: object) => as(t.app, s, { method: 'POST', url: '/api/v1/cart', payload });
const step = (s: Shopper, dir: 'increase' | 'decrease', itemId: string, payload: object = { quantity: 1 }) =>
  as(t.app, s, { method: 'PUT', url: `/api/v1/cart/${dir}quantity/${itemId}`, payload });
const remove = (s: Shopper, itemId: string, query = '') => as(t.app, s, { method: 'DELETE', url: `/api/v1/cart/${itemId}${query}` });
const quantities = async (s: Shopper) => getCartResponse.parse((await getCart(s)).json()).data.items.map((i) => [i.itemId._id, i.quantity]);

describe('GET /api/v1/cart', () => {
  it('gives a new shopper an empty cart with the store defaults, promotions, order lines and tax data', async () => {
    const res = await getCart(await shopper());
    expect(res.statusCode).toBe(200);
    const body = getCartResponse.parse(res.json());
    expect(body.data).toMatchObject({
      items: [],
      itemCount: 0,
      orderType: 'DigitalProduct',
      amountType: 'static',
      coin: 100,
      android: '2.4.1',
      coupon: null,
      transactionLimit: 50_000,
      totals: { subtotal: 0, discount: 0, tax: 0, total: 0, coins: 0, bonusCoins: 0, totalCoins: 0 },
    });
    expect(body.data._id).toEqual(expect.any(String));
    expect(body.data.promotion).toMatchObject({ bonusType: 'PERCENTAGE', bonusPercentage: 10 });
    expect(body.data.eligibilityPromotion).toMatchObject({ bonusType: 'COINS', bonusPercentage: 500 });
    expect(body.getOrderCart).toEqual([]);
    expect(body.taxData).toEqual({ state: null, rateBps: 0, taxCents: 0 });
  });

  it('needs a signed-in shopper', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/cart' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });
});

describe('POST /api/v1/cart', () => {
  it('adds a product priced from the catalogue, with its coins, bonuses and the promotions', async () => {
    const s = await shopper();
    const res = await add(s, { itemId: DRAGONS_PURSE, quantity: 2 });
    expect(res.statusCode).toBe(200);
    const { data } = cartResponse.parse(res.json());
    expect(data.items).toEqual([
      {
        itemId: expect.objectContaining({
          _id: DRAGONS_PURSE,
          price: 1_999,
          coins: 2_000,
          kind: 'product',
          bonusType: 'COINS',
          bonusAmount: 200,
          isAvailable: true,
        }),
        quantity: 2,
        lineTotal: 3_998,
      },
    ]);
    // 2 × 200 package bonus + 10 % web promotion of 4,000 + 500 first-purchase coins.
    expect(data.totals).toEqual({ subtotal: 3_998, discount: 0, tax: 0, total: 3_998, coins: 4_000, bonusCoins: 1_300, totalCoins: 5_300 });
    expect(data.itemCount).toBe(2);
  });

  it('adds to the quantity of an item already in the cart and keeps the order items were added in', async () => {
    const s = await shopper();
    await add(s, { itemId: LUCKY_HANDFUL, quantity: 1 });
    await add(s, { itemId: JADE_GIFT_CARD, quantity: 1, type: 'giftCard' });
    const res = await add(s, { itemId: LUCKY_HANDFUL, quantity: 4 });
    expect(res.statusCode).toBe(200);
    expect(await quantities(s)).toEqual([
      [LUCKY_HANDFUL, 5],
      [JADE_GIFT_CARD, 1],
    ]);
    const body = getCartResponse.parse((await getCart(s)).json());
    expect(body.data.itemCount).toBe(6);
    expect(body.getOrderCart).toEqual([
      {
        kind: 'product',
        itemId: LUCKY_HANDFUL,
        name: 'Lucky Handful 1,000 coins',
        unitPrice: 999,
        quantity: 5,
        lineTotal: 4_995,
        coins: 5_000,
        bonusCoins: 250,
      },
      {
        kind: 'giftCard',
        itemId: JADE_GIFT_CARD,
        name: 'Jade Gift Card $25',
        unitPrice: 2_500,
        quantity: 1,
        lineTotal: 2_500,
        coins: 0,
        bonusCoins: 0,
      },
    ]);
  });

  it('finds a gift card without a type', async () => {
    const s = await shopper();
    const res = await add(s, { itemId: JADE_GIFT_CARD, quantity: 1 });
    expect(res.statusCode).toBe(200);
    expect(cartResponse.parse(res.json()).data.items[0]!.itemId.kind).toBe('giftCard');
  });

  it('refuses a price (or any field) from the client', async () => {
    const s = await shopper();
    const res = await add(s, { itemId: STARTER_POUCH, quantity: 1, price: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field: 'price' });
    expect(await quantities(s)).toEqual([]);
  });

  it.each([0, -1, 1.5, 101, 1e9, '2', null])('answers 400 naming quantity for %s, changing nothing', async (quantity) => {
    const s = await shopper();
    const res = await add(s, { itemId: STARTER_POUCH, quantity });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field: 'quantity' });
    expect(await quantities(s)).toEqual([]);
  });

  it('answers 404 for an unknown product and 422 for a sold-out one', async () => {
    const s = await shopper();
    const unknown = await add(s, { itemId: '10000000-0000-4000-8000-999999999999', quantity: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const unknownCard = await add(s, { itemId: STARTER_POUCH, quantity: 1, type: 'giftCard' });
    expect(unknownCard.statusCode).toBe(404);
    const soldOut = await add(s, { itemId: LANTERN_BUNDLE_SOLD_OUT, quantity: 1 });
    expect(soldOut.statusCode).toBe(422);
    expect(soldOut.json()).toMatchObject({ success: false, message: 'Sorry, this item is sold out.', field: 'itemId' });
    expect(await quantities(s)).toEqual([]);
  });

  it('refuses to hold more than 100 of one item', async () => {
    const s = await shopper();
    await add(s, { itemId: STARTER_POUCH, quantity: 60 });
    const res = await add(s, { itemId: STARTER_POUCH, quantity: 41 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ field: 'quantity', message: 'You can have at most 100 of one item in your cart.' });
    expect(await quantities(s)).toEqual([[STARTER_POUCH, 60]]);
  });

  it('keeps every one of many adds at once, one line per item in the order first added, and up to 100 only', async () => {
    const s = await shopper();
    await add(s, { itemId: LUCKY_HANDFUL, quantity: 1 });
    // 30 adds of 3 race for one new line (its creation decided by the table's unique line) and 3 more for the old one.
    const adds = await Promise.all([
      ...Array.from({ length: 30 }, () => add(s, { itemId: STARTER_POUCH, quantity: 3 })),
      ...Array.from({ length: 3 }, () => add(s, { itemId: LUCKY_HANDFUL, quantity: 1 })),
    ]);
    expect(adds.map((res) => res.statusCode)).toEqual(Array.from({ length: 33 }, () => 200));
    expect(await quantities(s)).toEqual([
      [LUCKY_HANDFUL, 4],
      [STARTER_POUCH, 90],
    ]);
    // Four more of 3 at once: three fit (99), the fourth would pass 100 and changes nothing.
    const more = await Promise.all(Array.from({ length: 4 }, () => add(s, { itemId: STARTER_POUCH, quantity: 3 })));
    expect(more.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 422]);
    expect(await quantities(s)).toEqual([
      [LUCKY_HANDFUL, 4],
      [STARTER_POUCH, 99],
    ]);
  });

  it('moves the version once per add, not for a refused one, and starts a first cart at 1', async () => {
    const s = await shopper();
    await add(s, { itemId: STARTER_POUCH, quantity: 100 });
    const first = await priceCart(t.database.db, s.id);
    expect(first.version).toBe(1);
    expect((await add(s, { itemId: STARTER_POUCH, quantity: 1 })).statusCode).toBe(422);
    expect((await priceCart(t.database.db, s.id)).version).toBe(1);
    await add(s, { itemId: LUCKY_HANDFUL, quantity: 1 });
    expect((await priceCart(t.database.db, s.id)).version).toBe(2);
  });
});

describe('PUT /api/v1/cart/{increase,decrease}quantity/:itemId', () => {
  it('steps the quantity up and down', async () => {
    const s = await shopper();
    await add(s, { itemId: STARTER_POUCH, quantity: 2 });
    const up = await step(s, 'increase', STARTER_POUCH);
    expect(up.statusCode).toBe(200);
    expect(cartResponse.parse(up.json()).data.items[0]).toMatchObject({ quantity: 3, lineTotal: 1_497 });
    const down = await step(s, 'decrease', STARTER_POUCH, { quantity: 2 });
    expect(down.statusCode).toBe(200);
    expect(cartResponse.parse(down.json()).data.items[0]).toMatchObject({ quantity: 1, lineTotal: 499 });
  });

  it('will not decrease below 1 or increase past 100', async () => {
    const s = await shopper();
    await add(s, { itemId: STARTER_POUCH, quantity: 1 });
    const down = await step(s, 'decrease', STARTER_POUCH);
    expect(down.statusCode).toBe(422);
    expect(down.json()).toMatchObject({ success: false, message: 'Use remove to take an item out.', field: 'quantity' });
    const up = await step(s, 'increase', STARTER_POUCH, { quantity: 100 });
    expect(up.statusCode).toBe(422);
    expect(await quantities(s)).toEqual([[STARTER_POUCH, 1]]);
  });

  it.each([0, -1, 0.5, 101, 'one'])('answers 400 naming quantity for a step of %s', async (quantity) => {
    const s = await shopper();
    await add(s, { itemId: STARTER_POUCH, quantity: 1 });
    for (const dir of ['increase', 'decrease'] as const) {
      const res = await step(s, dir, STARTER_POUCH, { quantity });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'quantity' });
    }
    expect(await quantities(s)).toEqual([[STARTER_POUCH, 1]]);
  });

  it('answers 404 for an item that is not in the cart', async () => {
    const s = await shopper();
    const res = await step(s, 'increase', STARTER_POUCH);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'This item is not in your cart.' });
  });
});

describe('DELETE /api/v1/cart/:itemId', () => {
  it('removes the line and leaves the others', async () => {
    const s = await shopper();
    await add(s, { itemId: STARTER_POUCH, quantity: 1 });
    await add(s, { itemId: LUCKY_HANDFUL, quantity: 2 });
    const res = await remove(s, STARTER_POUCH);
    expect(res.statusCode).toBe(200);
    expect(cartResponse.parse(res.json()).data.items.map((i) => i.itemId._id)).toEqual([LUCKY_HANDFUL]);
    expect((await remove(s, STARTER_POUCH)).statusCode).toBe(404);
  });
});

describe("another shopper's items", () => {
  it('are out of reach: every cart call answers 404 and the owner keeps the cart as it was', async () => {
    const owner = await shopper();
    const other = await shopper();
    await add(owner, { itemId: DRAGONS_PURSE, quantity: 3 });
    for (const res of [
      await step(other, 'increase', DRAGONS_PURSE),
      await step(other, 'decrease', DRAGONS_PURSE),
      await remove(other, DRAGONS_PURSE),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    expect(await quantities(owner)).toEqual([[DRAGONS_PURSE, 3]]);
    expect(await quantities(other)).toEqual([]);
  });
});

describe('first-purchase promotion', () => {
  it('stops applying once the shopper has a fulfilled order', async () => {
    const s = await shopper();
    const before = cartResponse.parse((await add(s, { itemId: STARTER_POUCH, quantity: 2 })).json()).data;
    expect(before.eligibilityPromotion).not.toBeNull();
    expect(before.totals.bonusCoins).toBe(100 + 500); // 10 % of 1,000 + the welcome gift
    await t.database.db.execute(sql`insert into orders (id, user_id, status, source, idempotency_key, subtotal_cents, total_cents, coins)
      values (${`order-${s.id}`}, ${s.id}, 'fulfilled', 'buy-now', ${`test:${s.id}`}, 499, 499, 500)`);
    // What fulfilment records with it: this order was the shopper's first purchase.
    await t.database.db.execute(sql`insert into first_purchases (user_id, order_id) values (${s.id}, ${`order-${s.id}`})`);
    const after = getCartResponse.parse((await getCart(s)).json()).data;
    expect(after.eligibilityPromotion).toBeNull();
    expect(after.totals.bonusCoins).toBe(100);
    expect((await priceCart(t.database.db, s.id)).eligibilityPromotionId).toBeNull();
  });
});

describe('tax', () => {
  it("charges the rate of the shopper's state on the discounted subtotal", async () => {
    const before = await getStoreSettings(t.database.db);
    await saveStoreSettings(t.database.db, { ...before, taxRatesBps: { TX: 825 } });
    try {
      const texan = await createShopper(t.database.db, { state: 'tx' });
      await add(texan, { itemId: STARTER_POUCH, quantity: 2 });
      const body = getCartResponse.parse((await getCart(texan)).json());
      // 998 × 8.25 % = 82.335 → 82
      expect(body.taxData).toEqual({ state: 'TX', rateBps: 825, taxCents: 82 });
      expect(body.data.totals).toMatchObject({ subtotal: 998, tax: 82, total: 1_080 });
      const oregonian = await createShopper(t.database.db, { state: 'OR' });
      await add(oregonian, { itemId: STARTER_POUCH, quantity: 2 });
      expect(getCartResponse.parse((await getCart(oregonian)).json()).taxData).toEqual({ state: 'OR', rateBps: 0, taxCents: 0 });
    } finally {
      await saveStoreSettings(t.database.db, before);
    }
  });
});

describe('priceCart / priceItems / removePurchasedLines', () => {
  it('prices the cart for an order, with a version that moves on every change', async () => {
    const s = await shopper();
    const empty = await priceCart(t.database.db, s.id);
    await add(s, { itemId: LUCKY_HANDFUL, quantity: 2 });
    const priced = await priceCart(t.database.db, s.id);
    expect(priced.cartId).toBe(empty.cartId);
    expect(priced.version).toBeGreaterThan(empty.version);
    expect(priced).toMatchObject({
      lines: [{ kind: 'product', itemId: LUCKY_HANDFUL, unitPriceCents: 999, quantity: 2, coins: 2_000, bonusCoins: 100 }],
      subtotalCents: 1_998,
      discountCents: 0,
      taxCents: 0,
      totalCents: 1_998,
      coins: 2_000,
      bonusCoins: 100 + 200 + 500,
      coupon: null,
      taxState: null,
      transactionLimitCents: 50_000,
      promotionId: expect.any(String),
      eligibilityPromotionId: expect.any(String),
    });
  });

  it('leaves sold-out items out of the price but shows them in the cart', async () => {
    const s = await shopper();
    await add(s, { itemId: STARTER_POUCH, quantity: 1 });
    // The bundle sold out after it was put in the cart.
    await t.database.exec(`INSERT INTO cart_items (id, cart_id, item_kind, item_id, quantity, position)
      SELECT 'sold-${s.id}', id, 'product', '${LANTERN_BUNDLE_SOLD_OUT}', 1, 99 FROM carts WHERE user_id = '${s.id}'`);
    const body = getCartResponse.parse((await getCart(s)).json());
    expect(body.data.items.map((i) => [i.itemId._id, i.itemId.isAvailable])).toEqual([
      [STARTER_POUCH, true],
      [LANTERN_BUNDLE_SOLD_OUT, false],
    ]);
    expect(body.data.totals.subtotal).toBe(499);
    expect(body.getOrderCart.map((l) => l.itemId)).toEqual([STARTER_POUCH]);
  });

  it('prices buy-now items without a cart; unknown is 404, sold out 422', async () => {
    const s = await shopper();
    const priced = await priceItems(t.database.db, s.id, [{ kind: 'giftCard', itemId: JADE_GIFT_CARD, quantity: 2 }]);
    // Gift cards deliver codes, not wallet coins.
    expect(priced).toMatchObject({ subtotalCents: 5_000, totalCents: 5_000, coins: 0, bonusCoins: 0, coupon: null, discountCents: 0 });
    await expect(priceItems(t.database.db, s.id, [{ kind: 'product', itemId: 'nope', quantity: 1 }])).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(
      priceItems(t.database.db, s.id, [{ kind: 'product', itemId: LANTERN_BUNDLE_SOLD_OUT, quantity: 1 }]),
    ).rejects.toMatchObject({ statusCode: 422 });
  });

  it('takes out the quantities bought and keeps the rest; a line bought in full or lowered below it goes', async () => {
    const s = await shopper();
    await add(s, { itemId: STARTER_POUCH, quantity: 3 });
    await add(s, { itemId: LUCKY_HANDFUL, quantity: 1 });
    const before = await priceCart(t.database.db, s.id);
    const bought = [
      { kind: 'product' as const, itemId: STARTER_POUCH, quantity: 2 },
      { kind: 'product' as const, itemId: LUCKY_HANDFUL, quantity: 2 },
      { kind: 'product' as const, itemId: LANTERN_BUNDLE_SOLD_OUT, quantity: 1 },
    ];
    await t.database.db.transaction((tx) => removePurchasedLines(tx, s.id, bought, null));
    expect(await quantities(s)).toEqual([[STARTER_POUCH, 1]]);
    expect((await priceCart(t.database.db, s.id)).version).toBeGreaterThan(before.version);
  });
});
