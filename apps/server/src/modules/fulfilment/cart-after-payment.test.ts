// Issue 7, finding 4: after paying, the cart loses what was bought and keeps what the shopper changed
// while paying (a line raised keeps the difference, a line added stays). The coupon the order used
// comes off; one applied after ordering stays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCartResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { tokenizeCard } from '../../../test/support/vault.ts';
import { DRAGONS_PURSE } from '../../../test/support/cart.ts';
import { insertCoupon } from '../../../test/support/coupons.ts';
import { init, SANDBOX_CARDS } from '../../../test/support/payments.ts';
import { addToCart, as, createShopper, LUCKY_HANDFUL, STARTER_POUCH, type Shopper } from '../../../test/support/checkout.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://store.test' }, { seedDemo: false });
});
afterAll(() => t.close());

async function cartOf(s: Shopper) {
  const res = await as(t.app, s, { method: 'GET', url: '/api/v1/cart' });
  expect(res.statusCode).toBe(200);
  return getCartResponse.parse(res.json()).data;
}
const lines = async (s: Shopper) => (await cartOf(s)).items.map((i) => [i.itemId._id, i.quantity]);

async function placeOrder(s: Shopper) {
  const res = await as(t.app, s, { method: 'POST', url: '/api/v1/checkout/placeorder' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order as { _id: string };
}

async function pay(s: Shopper, orderId: string) {
  const res = await init(t.app, s, { orderId, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.orderStatus).toBe('fulfilled');
}

const applyCoupon = async (s: Shopper, code: string) =>
  expect((await as(t.app, s, { method: 'GET', url: `/api/v1/cart/apply-coupon/${code}` })).statusCode).toBe(200);

describe('the cart after its order is paid', () => {
  it("keeps exactly what changed while paying: the raised quantity's difference and the line added", async () => {
    const s = await createShopper(t.database.db);
    await addToCart(t.app, s, STARTER_POUCH, 2);
    await addToCart(t.app, s, LUCKY_HANDFUL, 1);
    const order = await placeOrder(s);

    // In another tab, while paying: one more pouch, and a new item.
    await addToCart(t.app, s, STARTER_POUCH, 1);
    await addToCart(t.app, s, DRAGONS_PURSE, 1);
    await pay(s, order._id);

    expect(await lines(s)).toEqual([
      [STARTER_POUCH, 1],
      [DRAGONS_PURSE, 1],
    ]);
    expect((await cartOf(s)).itemCount).toBe(2);
  });

  it('an unchanged cart is empty afterwards, and the coupon the order used is taken off', async () => {
    const s = await createShopper(t.database.db);
    const coupon = await insertCoupon(t.database.db);
    await addToCart(t.app, s, STARTER_POUCH, 1);
    await applyCoupon(s, coupon.code);
    await pay(s, (await placeOrder(s))._id);

    const cart = await cartOf(s);
    expect(cart.items).toEqual([]);
    expect(cart.coupon).toBeNull();
  });

  it('a coupon applied after ordering stays with the lines added since', async () => {
    const s = await createShopper(t.database.db);
    const coupon = await insertCoupon(t.database.db);
    await addToCart(t.app, s, STARTER_POUCH, 1);
    const order = await placeOrder(s);
    await addToCart(t.app, s, LUCKY_HANDFUL, 1);
    await applyCoupon(s, coupon.code);
    await pay(s, order._id);

    const cart = await cartOf(s);
    expect(cart.items.map((i) => [i.itemId._id, i.quantity])).toEqual([[LUCKY_HANDFUL, 1]]);
    expect(cart.coupon).toMatchObject({ code: coupon.code });
  });
});
