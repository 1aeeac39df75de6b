// The cart says why a coupon the shopper applied no longer counts (couponIssue), instead of the discount
// silently disappearing from the totals. One test per reason.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCartResponse, type Cart } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { coupons } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { as, createShopper, DRAGONS_PURSE, STARTER_POUCH, type Shopper } from '../../../test/support/cart.ts';
import { confirmCoupon, reserveCoupon } from './service.ts';
import { insertCoupon } from '../../../test/support/coupons.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
});
afterAll(() => t.close());

const db = () => t.database.db;
const add = async (s: Shopper, itemId: string, quantity: number) => {
  const res = await as(t.app, s, { method: 'POST', url: '/api/v1/cart', payload: { itemId, quantity } });
  expect(res.statusCode, res.body).toBe(200);
};
const apply = async (s: Shopper, code: string) => {
  const res = await as(t.app, s, { method: 'GET', url: `/api/v1/cart/apply-coupon/${code}` });
  expect(res.statusCode, res.body).toBe(200);
};
const cart = async (s: Shopper): Promise<Cart> =>
  getCartResponse.parse((await as(t.app, s, { method: 'GET', url: '/api/v1/cart' })).json()).data;
const reserve = (couponId: string, userId: string, orderId: string) =>
  db().transaction((tx) => reserveCoupon(tx, couponId, userId, orderId));

/** A shopper with one Dragon's Purse ($19.99) and the given coupon applied. */
async function withCoupon(over: Parameters<typeof insertCoupon>[1] = {}) {
  const s = await createShopper(db());
  const coupon = await insertCoupon(db(), { kind: 'FIXED', amount: 100, ...over });
  await add(s, DRAGONS_PURSE, 1);
  await apply(s, coupon.code);
  expect(await cart(s)).toMatchObject({ coupon: { code: coupon.code }, couponIssue: null, totals: { discount: 100 } });
  return { s, coupon };
}

function expectIssue(c: Cart, code: string, message: string) {
  expect(c.coupon).toBeNull();
  expect(c.couponIssue).toEqual({ code, message });
  expect(c.totals).toMatchObject({ discount: 0, total: c.totals.subtotal + c.totals.tax });
}

describe("the cart's couponIssue", () => {
  it('is null without a coupon and while the applied one counts', async () => {
    const s = await createShopper(db());
    await add(s, STARTER_POUCH, 1);
    expect((await cart(s)).couponIssue).toBeNull();
    await withCoupon();
  });

  it('says the minimum when the cart falls below it', async () => {
    const s = await createShopper(db());
    await add(s, STARTER_POUCH, 2);
    await apply(s, 'WELCOME10');
    const res = await as(t.app, s, { method: 'PUT', url: `/api/v1/cart/decreasequantity/${STARTER_POUCH}`, payload: { quantity: 1 } });
    // The changed cart each call returns carries it too, not only GET v1/cart.
    expectIssue(res.json().data, 'WELCOME10', 'WELCOME10 needs an order of $5.00 or more.');
    expectIssue(await cart(s), 'WELCOME10', 'WELCOME10 needs an order of $5.00 or more.');
    await add(s, STARTER_POUCH, 1);
    expect(await cart(s)).toMatchObject({ coupon: { code: 'WELCOME10' }, couponIssue: null });
  });

  it('says the coupon has expired', async () => {
    const { s, coupon } = await withCoupon();
    await db()
      .update(coupons)
      .set({ endsAt: new Date(Date.now() - 1_000) })
      .where(eq(coupons.id, coupon.id));
    expectIssue(await cart(s), coupon.code, `${coupon.code} has expired.`);
  });

  it('says the coupon is not active yet', async () => {
    const { s, coupon } = await withCoupon();
    await db()
      .update(coupons)
      .set({ startsAt: new Date(Date.now() + 86_400_000) })
      .where(eq(coupons.id, coupon.id));
    expectIssue(await cart(s), coupon.code, `${coupon.code} is not active yet.`);
  });

  it('says the coupon is no longer valid once it is withdrawn', async () => {
    const { s, coupon } = await withCoupon();
    await db().update(coupons).set({ active: false }).where(eq(coupons.id, coupon.id));
    expectIssue(await cart(s), coupon.code, `${coupon.code} is no longer valid.`);
  });

  it('says the coupon has reached its limit when others used it up', async () => {
    const { s, coupon } = await withCoupon({ maxRedemptions: 1 });
    const other = await createShopper(db());
    await reserve(coupon.id, other.id, newId());
    expectIssue(await cart(s), coupon.code, `${coupon.code} has reached its limit.`);
  });

  it("is not raised by the shopper's own order still being paid with it", async () => {
    const { s, coupon } = await withCoupon({ maxRedemptions: 1, perUserLimit: 1 });
    await reserve(coupon.id, s.id, newId());
    expect(await cart(s)).toMatchObject({ coupon: { code: coupon.code }, couponIssue: null, totals: { discount: 100 } });
  });

  it('says the shopper has already used it once their use is redeemed', async () => {
    const { s, coupon } = await withCoupon({ perUserLimit: 1 });
    const orderId = newId();
    await reserve(coupon.id, s.id, orderId);
    await db().transaction((tx) => confirmCoupon(tx, orderId));
    expectIssue(await cart(s), coupon.code, `You have already used ${coupon.code}.`);
  });

  it('asks for something in the cart when it was emptied with the coupon left on', async () => {
    const { s, coupon } = await withCoupon();
    const res = await as(t.app, s, { method: 'DELETE', url: `/api/v1/cart/${DRAGONS_PURSE}` });
    expect(res.statusCode).toBe(200);
    expectIssue(res.json().data, coupon.code, `Add something to your cart to use ${coupon.code}.`);
  });

  it('is cleared with the coupon when the shopper removes it', async () => {
    const s = await createShopper(db());
    await add(s, STARTER_POUCH, 2);
    await add(s, DRAGONS_PURSE, 1);
    await apply(s, 'DRAGON5');
    await as(t.app, s, { method: 'DELETE', url: `/api/v1/cart/${DRAGONS_PURSE}` });
    expectIssue(await cart(s), 'DRAGON5', 'DRAGON5 needs an order of $20.00 or more.');
    const removed = await as(t.app, s, { method: 'DELETE', url: `/api/v1/cart/${STARTER_POUCH}?coupon=DRAGON5` });
    expect(removed.json().data).toMatchObject({ coupon: null, couponIssue: null });
  });
});
