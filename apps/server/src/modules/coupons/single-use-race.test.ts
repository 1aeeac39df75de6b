// A single-use coupon, applied by 30 shoppers who then all pay at the same moment through the API: real
// parallel requests (on PostgreSQL they overlap on the test pool's 20 connections; PGlite serialises
// them). Exactly one order gets the discount and is charged; the others are refused before any charge.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCartResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { couponRedemptions, coupons } from '../../db/schema.ts';
import { tokenizeCard } from '../../../test/support/vault.ts';
import { getWalletCoins } from '../wallet/index.ts';
import { init, SANDBOX_CARDS } from '../../../test/support/payments.ts';
import {
  addToCart,
  as,
  createShopper,
  expectLedgerBalanced,
  paymentsFor,
  sandboxBook,
  STARTER_POUCH,
  transactionsSince,
} from '../../../test/support/checkout.ts';
import { COUPON_LIMIT_REACHED } from './rules.ts';
import { insertCoupon } from '../../../test/support/coupons.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://store.test' }, { seedDemo: false });
});
afterAll(() => t.close());

const db = () => t.database.db;

// Thirty shoppers' sign-ups, orders and payments: 19 s alone on PGlite, over a minute on a loaded machine (a
// limit for a hang, not a speed check).
describe('30 shoppers pay at once with the same single-use coupon applied', { timeout: 120_000 }, () => {
  it('fulfils exactly one order with the discount; the others get a clear 409 before any charge and their orders fail', async () => {
    const coupon = await insertCoupon(db(), { kind: 'FIXED', amount: 100, maxRedemptions: 1 });
    const shoppers = await Promise.all(Array.from({ length: 30 }, () => createShopper(db())));
    // Nobody has redeemed it yet, so every shopper may apply it and place an order priced with it.
    const orders = await Promise.all(
      shoppers.map(async (s) => {
        await addToCart(t.app, s, STARTER_POUCH, 1);
        const applied = await as(t.app, s, { method: 'GET', url: `/api/v1/cart/apply-coupon/${coupon.code}` });
        expect(applied.statusCode, applied.body).toBe(200);
        const placed = await as(t.app, s, { method: 'POST', url: '/api/v1/checkout/placeorder' });
        expect(placed.statusCode, placed.body).toBe(200);
        const order = placed.json().order as { _id: string; total: number; discount: number; totalCoins: number };
        expect(order).toMatchObject({ total: 399, discount: 100, coupon: { code: coupon.code } });
        return order;
      }),
    );
    const tokens = await Promise.all(shoppers.map(() => tokenizeCard(t.app, SANDBOX_CARDS.frictionless)));
    const book = await sandboxBook(db());

    const results = await Promise.all(shoppers.map((s, i) => init(t.app, s, { orderId: orders[i]!._id, cardToken: tokens[i] })));

    const winners = results.flatMap((r, i) => (r.statusCode === 200 ? [i] : []));
    expect(winners, results.map((r) => `${r.statusCode} ${r.body}`).join('\n')).toHaveLength(1);
    const w = winners[0]!;
    expect(results[w]!.json().data.orderStatus).toBe('fulfilled');
    const losers = shoppers.map((_, i) => i).filter((i) => i !== w);
    for (const i of losers) {
      expect(results[i]!.statusCode).toBe(409);
      expect(results[i]!.json()).toMatchObject({ success: false, message: COUPON_LIMIT_REACHED, field: 'coupon' });
    }

    // The coupon was used once, by the winner's order.
    const [row] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.redeemedCount).toBe(1);
    const redemptions = await db().select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon.id));
    expect(redemptions.map((r) => [r.orderId, r.status])).toEqual([[orders[w]!._id, 'redeemed']]);

    // Refused, not repriced: a loser's order fails with the reason (nobody is charged more than they agreed to).
    for (const [i, s] of shoppers.entries()) {
      const res = await as(t.app, s, { method: 'GET', url: `/api/v1/checkout/getorder?orderId=${orders[i]!._id}` });
      expect(res.json().data).toMatchObject(
        i === w ? { status: 'fulfilled', discount: 100, total: 399 } : { status: 'failed', failureReason: COUPON_LIMIT_REACHED },
      );
    }

    // No charge stands but the winner's: one approved payment, and the gateway charged nobody else.
    const payments = await paymentsFor(
      db(),
      orders.map((o) => o._id),
    );
    expect(payments.map((p) => [p.orderId, p.status])).toEqual([[orders[w]!._id, 'approved']]);
    const charges = await transactionsSince(db(), book);
    expect(charges.map((c) => [c.userTokenId, c.status, c.amountCents])).toEqual([[shoppers[w]!.id, 'approved', 399]]);
    for (const [i, s] of shoppers.entries()) {
      await expectLedgerBalanced(db(), orders[i]!._id);
      expect((await getWalletCoins(db(), s.id)).purchasedWallet).toBe(i === w ? orders[w]!.totalCoins : 0);
    }

    // A loser's cart says why the coupon no longer counts, and ordering again prices it without.
    const loser = shoppers[losers[0]!]!;
    const cart = getCartResponse.parse((await as(t.app, loser, { method: 'GET', url: '/api/v1/cart' })).json()).data;
    expect(cart).toMatchObject({ coupon: null, couponIssue: { code: coupon.code, message: `${coupon.code} has reached its limit.` } });
    expect(cart.totals).toMatchObject({ subtotal: 499, discount: 0, total: 499 });
    const again = await as(t.app, loser, { method: 'POST', url: '/api/v1/checkout/placeorder' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().order).toMatchObject({ status: 'pending', discount: 0, total: 499, coupon: null });
    expect(again.json().order._id).not.toBe(orders[losers[0]!]!._id);
  });
});
