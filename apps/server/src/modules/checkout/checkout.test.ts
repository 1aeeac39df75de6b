import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orderResponse, placeOrderResponse } from '@store/shared';
import { orders, users } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import {
  addToCart,
  as,
  createShopper,
  JADE_GIFT_CARD,
  LANTERN_BUNDLE_SOLD_OUT,
  LUCKY_HANDFUL,
  PHOENIX_VAULT,
  STARTER_POUCH,
  type Shopper,
} from '../../../test/support/checkout.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
});
afterAll(() => t.close());

const placeOrder = (s: Shopper, payload: object = {}) => as(t.app, s, { method: 'POST', url: '/api/v1/checkout/placeorder', payload });
const getOrder = (s: Shopper, orderId?: string) =>
  as(t.app, s, { method: 'GET', url: `/api/v1/checkout/getorder${orderId ? `?orderId=${orderId}` : ''}` });
const buyNow = (s: Shopper, id: string, payload: object = {}) =>
  as(t.app, s, { method: 'POST', url: `/api/v1/checkout/buy/${id}`, payload });
const cancel = (s: Shopper, orderId: string) =>
  as(t.app, s, { method: 'POST', url: '/api/v1/checkout/', payload: { orderId, action: 'cancel' } });

describe('POST /api/v1/checkout/placeorder', () => {
  it('places a pending order priced like the cart and returns the cart as data', async () => {
    const s = await createShopper(t.database.db);
    await addToCart(t.app, s, STARTER_POUCH, 2);
    const cart = await addToCart(t.app, s, LUCKY_HANDFUL, 1);
    const res = await placeOrder(s, { orderType: 'DigitalProduct', amountType: 'static' });
    expect(res.statusCode, res.body).toBe(200);
    const body = placeOrderResponse.parse(res.json());
    expect(body.data.items.map((i) => [i.itemId._id, i.quantity])).toEqual([
      [STARTER_POUCH, 2],
      [LUCKY_HANDFUL, 1],
    ]);
    const { order } = body;
    expect(order.status).toBe('pending');
    expect(order.items.map((i) => [i.itemId, i.quantity, i.unitPrice, i.coins])).toEqual([
      [STARTER_POUCH, 2, 499, 1000],
      [LUCKY_HANDFUL, 1, 999, 1000],
    ]);
    expect(order.subtotal).toBe(2 * 499 + 999);
    expect(order.total).toBe(cart.data.totals.total);
    expect(order.coins).toBe(2000);
    expect(order.bonusCoins).toBe(cart.data.totals.bonusCoins);
    expect(order.totalCoins).toBe(order.coins + order.bonusCoins);
    expect(order.giftCardCodes).toEqual([]);
    expect(order.paidAt).toBeNull();
  });

  it('is idempotent per cart version: the same cart gives the same order, a changed cart a new one', async () => {
    const s = await createShopper(t.database.db);
    await addToCart(t.app, s, STARTER_POUCH, 1);
    const first = (await placeOrder(s)).json().order._id;
    const bare = as(t.app, s, { method: 'POST', url: '/api/v1/checkout/placeorder' });
    const again = await Promise.all([placeOrder(s), placeOrder(s), bare]);
    for (const res of again) expect(res.json().order._id).toBe(first);
    await addToCart(t.app, s, STARTER_POUCH, 1);
    const changed = (await placeOrder(s)).json().order;
    expect(changed._id).not.toBe(first);
    expect(changed.items[0].quantity).toBe(2);
  });

  it('refuses an empty cart with 422', async () => {
    const s = await createShopper(t.database.db);
    const res = await placeOrder(s);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ success: false, message: 'Your cart is empty.' });
  });

  it('refuses an order over the transaction limit with 422 and a clear message', async () => {
    const s = await createShopper(t.database.db);
    await addToCart(t.app, s, PHOENIX_VAULT, 3);
    const res = await placeOrder(s);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ success: false, message: 'This order is over the $500.00 limit per purchase.' });
    expect((await getOrder(s)).statusCode).toBe(404);
  });

  it('answers 400 naming the field for an unknown field or a wrong order type', async () => {
    const s = await createShopper(t.database.db);
    await addToCart(t.app, s, STARTER_POUCH, 1);
    const unknown = await placeOrder(s, { total: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('total');
    const wrongType = await placeOrder(s, { orderType: 'Physical' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().field).toBe('orderType');
  });

  it('refuses an account that has not confirmed being 18 or older (403, named), by the cart or buy-now, until it confirms', async () => {
    const s = await createShopper(t.database.db);
    await t.database.db.update(users).set({ adultConfirmedAt: null }).where(eq(users.id, s.id));
    await addToCart(t.app, s, STARTER_POUCH, 1);
    for (const refused of [await placeOrder(s), await buyNow(s, LUCKY_HANDFUL)]) {
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ success: false, code: 'ADULT_CONFIRMATION_REQUIRED', field: 'adultConfirmed' });
      expect(refused.json().message).toMatch(/18 or older/);
    }
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, s.id))).toEqual([]);
    const confirmed = await as(t.app, s, { method: 'POST', url: '/api/v1/user/confirm-adult', payload: { adultConfirmed: true } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await placeOrder(s)).statusCode).toBe(200);
  });

  it('needs a signed-in shopper', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/checkout/placeorder', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/v1/checkout/getorder', () => {
  it('gives the latest pending order by default and a named one on request', async () => {
    const s = await createShopper(t.database.db);
    await addToCart(t.app, s, STARTER_POUCH, 1);
    const first = (await placeOrder(s)).json().order._id;
    await addToCart(t.app, s, STARTER_POUCH, 1);
    const second = (await placeOrder(s)).json().order._id;
    const latest = await getOrder(s);
    expect(latest.statusCode).toBe(200);
    expect(orderResponse.parse(latest.json()).data._id).toBe(second);
    expect((await getOrder(s, first)).json().data._id).toBe(first);
  });

  it("answers 404 for another shopper's order, exactly as for a missing one", async () => {
    const owner = await createShopper(t.database.db);
    const other = await createShopper(t.database.db);
    await addToCart(t.app, owner, STARTER_POUCH, 1);
    const orderId = (await placeOrder(owner)).json().order._id;
    const foreign = await getOrder(other, orderId);
    const missing = await getOrder(other, '00000000-0000-4000-8000-00000000dead');
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await getOrder(other)).statusCode).toBe(404);
  });
});

describe('POST /api/v1/checkout/buy/:id', () => {
  it('places a pending order for one item priced from the catalogue, leaving the cart alone', async () => {
    const s = await createShopper(t.database.db);
    await addToCart(t.app, s, LUCKY_HANDFUL, 1);
    const res = await buyNow(s, STARTER_POUCH, { quantity: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const order = orderResponse.parse(res.json()).data;
    expect(order.status).toBe('pending');
    expect(order.items).toEqual([
      { kind: 'product', itemId: STARTER_POUCH, name: 'Starter Pouch 500 coins', unitPrice: 499, quantity: 2, coins: 1000, bonusCoins: 0 },
    ]);
    expect(order.total).toBe(998);
    const cart = await as(t.app, s, { method: 'GET', url: '/api/v1/cart' });
    expect(cart.json().data.items).toHaveLength(1);
  });

  it('buys a gift card with type giftCard and defaults to one product without a body', async () => {
    const s = await createShopper(t.database.db);
    const card = await buyNow(s, JADE_GIFT_CARD, { type: 'giftCard' });
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json().data.items[0]).toMatchObject({ kind: 'giftCard', itemId: JADE_GIFT_CARD, quantity: 1, unitPrice: 2500 });
    const bare = await as(t.app, s, { method: 'POST', url: `/api/v1/checkout/buy/${STARTER_POUCH}` });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json().data.items[0]).toMatchObject({ itemId: STARTER_POUCH, quantity: 1 });
  });

  it('refuses unknown (404) and sold-out (422) items and bad quantities (400)', async () => {
    const s = await createShopper(t.database.db);
    expect((await buyNow(s, '10000000-0000-4000-8000-00000000beef')).statusCode).toBe(404);
    expect((await buyNow(s, LANTERN_BUNDLE_SOLD_OUT)).statusCode).toBe(422);
    for (const quantity of [0, -1, 1.5, 101, '2']) {
      const res = await buyNow(s, STARTER_POUCH, { quantity });
      expect(res.statusCode, `quantity ${quantity}`).toBe(400);
      expect(res.json().field).toBe('quantity');
    }
    expect((await buyNow(s, PHOENIX_VAULT, { quantity: 3 })).statusCode).toBe(422);
  });
});

describe('POST /api/v1/checkout/ (cancel)', () => {
  it('cancels a pending order once; the same cart can then be ordered again', async () => {
    const s = await createShopper(t.database.db);
    await addToCart(t.app, s, STARTER_POUCH, 1);
    const orderId = (await placeOrder(s)).json().order._id;
    const res = await cancel(s, orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ _id: orderId, status: 'canceled' });
    const twice = await cancel(s, orderId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This order is canceled and cannot become canceled.');
    const again = (await placeOrder(s)).json().order;
    expect(again._id).not.toBe(orderId);
    expect(again.status).toBe('pending');
  });

  it("answers 404 for another shopper's order and changes nothing", async () => {
    const owner = await createShopper(t.database.db);
    const other = await createShopper(t.database.db);
    const orderId = (await buyNow(owner, STARTER_POUCH)).json().data._id;
    expect((await cancel(other, orderId)).statusCode).toBe(404);
    expect((await getOrder(owner, orderId)).json().data.status).toBe('pending');
  });

  it('answers 400 for an unknown action or a missing order id', async () => {
    const s = await createShopper(t.database.db);
    const badAction = await as(t.app, s, { method: 'POST', url: '/api/v1/checkout/', payload: { orderId: 'x', action: 'refund' } });
    expect(badAction.statusCode).toBe(400);
    expect(badAction.json().field).toBe('action');
    const noId = await as(t.app, s, { method: 'POST', url: '/api/v1/checkout/', payload: { action: 'cancel' } });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().field).toBe('orderId');
  });
});
