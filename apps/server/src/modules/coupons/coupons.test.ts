import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartResponse, couponListResponse, getCartResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { couponRedemptions, coupons } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { as, createShopper, DRAGONS_PURSE, STARTER_POUCH, type Shopper } from '../../../test/support/cart.ts';
import { priceCart } from '../cart/index.ts';
import { confirmCoupon, releaseCoupon, reserveCoupon } from './service.ts';
import { insertCoupon } from '../../../test/support/coupons.ts';
import { seedCoupons, STARTER_COUPONS } from '../../db/seed/coupons.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
});
afterAll(() => t.close());

const shopper = () => createShopper(t.database.db);
const add = (s: Shopper, itemId: string, quantity: number) =>
  as(t.app, s, { method: 'POST', url: '/api/v1/cart', payload: { itemId, quantity } });
const apply = (s: Shopper, code: string) => as(t.app, s, { method: 'GET', url: `/api/v1/cart/apply-coupon/${encodeURIComponent(code)}` });
const listCodes = async (s: Shopper) =>
  couponListResponse.parse((await as(t.app, s, { method: 'GET', url: '/api/v1/checkout/coupons' })).json()).data.map((c) => c.code);
const redeemedCount = async (couponId: string) =>
  (await t.database.db.select({ n: coupons.redeemedCount }).from(coupons).where(eq(coupons.id, couponId)))[0]!.n;
const reserve = (couponId: string, userId: string, orderId: string) =>
  t.database.db.transaction((tx) => reserveCoupon(tx, couponId, userId, orderId));

function expectCouponProblem(res: Awaited<ReturnType<typeof apply>>, message: string) {
  expect(res.statusCode).toBe(422);
  expect(res.json()).toEqual({ success: false, code: 'UNPROCESSABLE', message, field: 'coupon' });
}

describe('GET /api/v1/checkout/coupons', () => {
  it('lists running public coupons and those issued to the shopper, never expired, used-up or foreign ones', async () => {
    const me = await shopper();
    const someone = await shopper();
    const mine = await insertCoupon(t.database.db, { userId: me.id, description: 'Just for you' });
    const theirs = await insertCoupon(t.database.db, { userId: someone.id });
    const usedUp = await insertCoupon(t.database.db, { maxRedemptions: 1, redeemedCount: 1 });
    const future = await insertCoupon(t.database.db, { startsAt: new Date(Date.now() + 86_400_000) });
    const inactive = await insertCoupon(t.database.db, { active: false });
    const codes = await listCodes(me);
    expect(codes).toEqual(expect.arrayContaining(['WELCOME10', 'DRAGON5', 'LUCKYONE', mine.code]));
    for (const hidden of ['OLDLUCK', theirs.code, usedUp.code, future.code, inactive.code]) expect(codes).not.toContain(hidden);

    const res = await as(t.app, me, { method: 'GET', url: '/api/v1/checkout/coupons' });
    expect(couponListResponse.parse(res.json()).data.find((c) => c.code === 'DRAGON5')).toEqual({
      code: 'DRAGON5',
      kind: 'FIXED',
      amount: 500,
      minSubtotalCents: 2_000,
      endsAt: null,
      description: '$5.00 off any order of $20.00 or more.',
    });
    expect(await listCodes(someone)).toContain(theirs.code);
  });

  it('needs a signed-in shopper', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/checkout/coupons' })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/cart/apply-coupon/:coupon', () => {
  it('applies a percent coupon in any letter case and prices the discount', async () => {
    const s = await shopper();
    await add(s, STARTER_POUCH, 2);
    const res = await apply(s, 'welcome10');
    expect(res.statusCode).toBe(200);
    const { data } = cartResponse.parse(res.json());
    expect(data.coupon).toEqual({ code: 'WELCOME10', kind: 'PERCENT', amount: 10 });
    // 10 % of 998 = 99.8 → 100
    expect(data.totals).toMatchObject({ subtotal: 998, discount: 100, total: 898 });
    const priced = await priceCart(t.database.db, s.id);
    expect(priced.coupon).toEqual({ id: expect.any(String), code: 'WELCOME10' });
    expect(priced.discountCents).toBe(100);
  });

  it('applies a fixed coupon, and drops it from the price when the subtotal falls under its minimum', async () => {
    const s = await shopper();
    await add(s, DRAGONS_PURSE, 2);
    const applied = cartResponse.parse((await apply(s, 'DRAGON5')).json()).data;
    expect(applied.totals).toMatchObject({ subtotal: 3_998, discount: 500, total: 3_498 });
    const lowered = await as(t.app, s, { method: 'PUT', url: `/api/v1/cart/decreasequantity/${DRAGONS_PURSE}`, payload: { quantity: 1 } });
    expect(cartResponse.parse(lowered.json()).data).toMatchObject({ coupon: null, totals: { subtotal: 1_999, discount: 0, total: 1_999 } });
  });

  it('refuses a subtotal under the minimum', async () => {
    const s = await shopper();
    await add(s, STARTER_POUCH, 1);
    expectCouponProblem(await apply(s, 'WELCOME10'), 'Spend at least $5.00 to use this coupon.');
    expectCouponProblem(await apply(s, 'DRAGON5'), 'Spend at least $20.00 to use this coupon.');
    expect(getCartResponse.parse((await as(t.app, s, { method: 'GET', url: '/api/v1/cart' })).json()).data.coupon).toBeNull();
  });

  it('refuses an empty cart', async () => {
    expectCouponProblem(await apply(await shopper(), 'LUCKYONE'), 'Add something to your cart before applying a coupon.');
  });

  it('refuses expired, not yet started, unknown, inactive and foreign coupons', async () => {
    const s = await shopper();
    const other = await shopper();
    await add(s, DRAGONS_PURSE, 1);
    const future = await insertCoupon(t.database.db, { startsAt: new Date(Date.now() + 86_400_000) });
    const inactive = await insertCoupon(t.database.db, { active: false });
    const foreign = await insertCoupon(t.database.db, { userId: other.id });
    expectCouponProblem(await apply(s, 'OLDLUCK'), 'This coupon has expired.');
    expectCouponProblem(await apply(s, future.code), 'This coupon is not active yet.');
    // Unknown, inactive and foreign codes read alike, so codes cannot be probed.
    expectCouponProblem(await apply(s, 'NO-SUCH-CODE'), 'This coupon code is not valid.');
    expectCouponProblem(await apply(s, inactive.code), 'This coupon code is not valid.');
    expectCouponProblem(await apply(s, foreign.code), 'This coupon code is not valid.');
  });

  it('accepts a coupon issued to the shopper', async () => {
    const s = await shopper();
    await add(s, STARTER_POUCH, 1);
    const mine = await insertCoupon(t.database.db, { userId: s.id, kind: 'FIXED', amount: 100 });
    const res = await apply(s, mine.code);
    expect(res.statusCode).toBe(200);
    expect(cartResponse.parse(res.json()).data.totals).toMatchObject({ discount: 100, total: 399 });
  });

  it('refuses an exhausted coupon', async () => {
    const s = await shopper();
    await add(s, STARTER_POUCH, 1);
    const usedUp = await insertCoupon(t.database.db, { maxRedemptions: 3, redeemedCount: 3 });
    expectCouponProblem(await apply(s, usedUp.code), 'This coupon has reached its limit.');
  });

  it('refuses a coupon the shopper has used up to their limit, counting orders still being paid', async () => {
    const s = await shopper();
    await add(s, STARTER_POUCH, 2);
    const onceEach = await insertCoupon(t.database.db, { perUserLimit: 1 });
    const orderId = newId();
    await reserve(onceEach.id, s.id, orderId);
    expectCouponProblem(await apply(s, onceEach.code), 'You have already used this coupon.');
    await t.database.db.transaction((tx) => releaseCoupon(tx, orderId));
    expect((await apply(s, onceEach.code)).statusCode).toBe(200);
    await reserve(onceEach.id, s.id, orderId);
    await t.database.db.transaction((tx) => confirmCoupon(tx, orderId));
    // A redeemed use voids the coupon in the cart too.
    expect((await priceCart(t.database.db, s.id)).coupon).toBeNull();
    expectCouponProblem(await apply(s, onceEach.code), 'You have already used this coupon.');
    // Someone else may still use it.
    const other = await shopper();
    await add(other, STARTER_POUCH, 1);
    expect((await apply(other, onceEach.code)).statusCode).toBe(200);
  });

  it('answers 400 naming coupon for an empty or overlong code, and 422 for a blank one', async () => {
    const s = await shopper();
    for (const code of ['', 'A'.repeat(65)]) {
      const res = await apply(s, code);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, field: 'coupon' });
    }
    await add(s, STARTER_POUCH, 1);
    expectCouponProblem(await apply(s, ' '), 'This coupon code is not valid.');
  });
});

describe('DELETE /api/v1/cart/:itemId?coupon=', () => {
  it('removes the item and the coupon named with it', async () => {
    const s = await shopper();
    await add(s, STARTER_POUCH, 2);
    await add(s, DRAGONS_PURSE, 1);
    await apply(s, 'WELCOME10');
    const res = await as(t.app, s, { method: 'DELETE', url: `/api/v1/cart/${STARTER_POUCH}?coupon=welcome10` });
    expect(res.statusCode).toBe(200);
    const { data } = cartResponse.parse(res.json());
    expect(data.items.map((i) => i.itemId._id)).toEqual([DRAGONS_PURSE]);
    expect(data.coupon).toBeNull();
    expect(data.totals.discount).toBe(0);
  });

  it('keeps the coupon when none is named', async () => {
    const s = await shopper();
    await add(s, STARTER_POUCH, 2);
    await add(s, DRAGONS_PURSE, 1);
    await apply(s, 'WELCOME10');
    const res = await as(t.app, s, { method: 'DELETE', url: `/api/v1/cart/${STARTER_POUCH}` });
    expect(cartResponse.parse(res.json()).data.coupon).toMatchObject({ code: 'WELCOME10' });
  });
});

describe('reserveCoupon / releaseCoupon / confirmCoupon', () => {
  it('counts a reservation once per order, gives it back on release and keeps it on confirm', async () => {
    const s = await shopper();
    const coupon = await insertCoupon(t.database.db, { maxRedemptions: 5 });
    const orderA = newId();
    await reserve(coupon.id, s.id, orderA);
    await reserve(coupon.id, s.id, orderA);
    expect(await redeemedCount(coupon.id)).toBe(1);
    await t.database.db.transaction((tx) => releaseCoupon(tx, orderA));
    await t.database.db.transaction((tx) => releaseCoupon(tx, orderA));
    expect(await redeemedCount(coupon.id)).toBe(0);
    const orderB = newId();
    await reserve(coupon.id, s.id, orderB);
    await t.database.db.transaction((tx) => confirmCoupon(tx, orderB));
    await t.database.db.transaction((tx) => releaseCoupon(tx, orderB));
    expect(await redeemedCount(coupon.id)).toBe(1);
    const rows = await t.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon.id));
    expect(rows.map((r) => [r.orderId, r.status]).sort()).toEqual(
      [
        [orderA, 'released'],
        [orderB, 'redeemed'],
      ].sort(),
    );
  });

  it('answers 409 once the limit is reached, writing nothing', async () => {
    const [a, b] = [await shopper(), await shopper()];
    const coupon = await insertCoupon(t.database.db, { maxRedemptions: 1 });
    await reserve(coupon.id, a.id, newId());
    const orderId = newId();
    await expect(reserve(coupon.id, b.id, orderId)).rejects.toMatchObject({
      statusCode: 409,
      message: 'This coupon has reached its limit.',
    });
    expect(await redeemedCount(coupon.id)).toBe(1);
    expect(await t.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, orderId))).toEqual([]);
  });

  it('holds one shopper to their per-user limit even with 10 orders reserving at once', async () => {
    const s = await shopper();
    const coupon = await insertCoupon(t.database.db, { perUserLimit: 1 });
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => reserve(coupon.id, s.id, newId())));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ statusCode: 409, message: 'You have already used this coupon.' });
    expect(await redeemedCount(coupon.id)).toBe(1);
  });
});

describe('seedCoupons', () => {
  it('writes the starter coupons once and never undoes later changes', async () => {
    const lucky = STARTER_COUPONS.find((c) => c.code === 'LUCKYONE')!;
    await t.database.db.update(coupons).set({ redeemedCount: 1 }).where(eq(coupons.id, lucky.id));
    await seedCoupons(t.database.db);
    expect(await redeemedCount(lucky.id)).toBe(1);
    const codes = (await t.database.db.select({ code: coupons.code }).from(coupons)).map((c) => c.code);
    for (const code of ['WELCOME10', 'DRAGON5', 'LUCKYONE', 'OLDLUCK']) expect(codes.filter((c) => c === code)).toHaveLength(1);
    await t.database.db.update(coupons).set({ redeemedCount: 0 }).where(eq(coupons.id, lucky.id));
  });
});
