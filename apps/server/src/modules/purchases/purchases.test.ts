import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchasesResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { buyNow, recordPaymentFailed } from '../checkout/index.ts';
import {
  approvePayment,
  as,
  createShopper,
  expectLedgerBalanced,
  holdForPayment,
  JADE_GIFT_CARD,
  setFreeStock,
  STARTER_POUCH,
} from '../../../test/support/checkout.ts';
import { init, pendingOrder, SANDBOX_CARDS } from '../../../test/support/payments.ts';
import { tokenizeCard } from '../../../test/support/vault.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
});
afterAll(() => t.close());

const myPurchases = (s: { token: string }) =>
  t.app.inject({ method: 'GET', url: '/api/v1/checkout/my-purchases', headers: { 'x-auth-token': s.token } });

describe('GET /api/v1/checkout/my-purchases', () => {
  it("lists only the shopper's own purchases, newest first, with gift-card codes only once fulfilled", async () => {
    const db = t.database.db;
    const codes = await setFreeStock(db, JADE_GIFT_CARD, 2);
    const s = await createShopper(db);
    const other = await createShopper(db);

    const fulfilled = await buyNow(db, s.id, { kind: 'giftCard', itemId: JADE_GIFT_CARD, quantity: 1 });
    await holdForPayment(t.app, s.id, fulfilled._id);
    await approvePayment(t.app, fulfilled._id, 'pay-a');
    const failed = await buyNow(db, s.id, { kind: 'giftCard', itemId: JADE_GIFT_CARD, quantity: 1 });
    await holdForPayment(t.app, s.id, failed._id);
    await recordPaymentFailed(db, failed._id, 'Your card was declined.');
    const pending = await buyNow(db, s.id, { kind: 'product', itemId: STARTER_POUCH, quantity: 1 });
    const othersOrder = await buyNow(db, other.id, { kind: 'product', itemId: STARTER_POUCH, quantity: 1 });
    await holdForPayment(t.app, other.id, othersOrder._id);
    await approvePayment(t.app, othersOrder._id, 'pay-b');

    const res = await myPurchases(s);
    expect(res.statusCode).toBe(200);
    const list = purchasesResponse.parse(res.json()).data;
    // Newest first; the pending order is not a purchase; the other shopper's order is not here.
    expect(list.map((o) => [o._id, o.status])).toEqual([
      [failed._id, 'failed'],
      [fulfilled._id, 'fulfilled'],
    ]);
    expect(list[0]!.giftCardCodes).toEqual([]);
    expect(list[0]!.failureReason).toBe('Your card was declined.');
    expect(list[1]!.giftCardCodes).toEqual([{ giftCardId: JADE_GIFT_CARD, name: 'Jade Gift Card $25', code: expect.any(String) }]);
    const soldCode = list[1]!.giftCardCodes[0]!.code;
    expect(codes).toContain(soldCode);
    expect(list.some((o) => o._id === pending._id || o._id === othersOrder._id)).toBe(false);

    const theirs = purchasesResponse.parse((await myPurchases(other)).json()).data;
    expect(theirs.map((o) => o._id)).toEqual([othersOrder._id]);
    expect(JSON.stringify(theirs)).not.toContain(soldCode);
    for (const o of [fulfilled, failed, pending, othersOrder]) await expectLedgerBalanced(db, o._id);
  });

  it('shows the codes of a fulfilled order through getorder to its owner only', async () => {
    const db = t.database.db;
    const [code] = await setFreeStock(db, JADE_GIFT_CARD, 1);
    const s = await createShopper(db);
    const other = await createShopper(db);
    const order = await buyNow(db, s.id, { kind: 'giftCard', itemId: JADE_GIFT_CARD, quantity: 1 });
    const before = await as(t.app, s, { method: 'GET', url: `/api/v1/checkout/getorder?orderId=${order._id}` });
    expect(before.json().data.giftCardCodes).toEqual([]);
    await holdForPayment(t.app, s.id, order._id);
    await approvePayment(t.app, order._id, 'pay-c');
    const mine = await as(t.app, s, { method: 'GET', url: `/api/v1/checkout/getorder?orderId=${order._id}` });
    expect(mine.json().data.giftCardCodes.map((c: { code: string }) => c.code)).toEqual([code]);
    const theirs = await as(t.app, other, { method: 'GET', url: `/api/v1/checkout/getorder?orderId=${order._id}` });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain(code!);
  });

  it('numbers each order for people to read and, once a card paid it, says it was paid by card (issue 24)', async () => {
    const s = await createShopper(t.database.db);
    const first = await pendingOrder(t.app, s);
    const second = await pendingOrder(t.app, s);
    expect(first.number).toBeGreaterThanOrEqual(100001);
    expect(second.number).toBeGreaterThan(first.number);
    expect(first.paidWith).toBeNull();

    const res = await init(t.app, s, { orderId: second._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless) });
    expect(res.statusCode, res.body).toBe(200);
    const paid = await as(t.app, s, { method: 'GET', url: `/api/v1/checkout/getorder?orderId=${second._id}` });
    expect(paid.json().data).toMatchObject({ _id: second._id, number: second.number, paidWith: 'card' });
    const list = purchasesResponse.parse((await myPurchases(s)).json()).data;
    expect(list.map((o) => [o.number, o.paidWith])).toEqual([[second.number, 'card']]);
  });

  it('needs a signed-in shopper', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/checkout/my-purchases' })).statusCode).toBe(401);
  });
});
