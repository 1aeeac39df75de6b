import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { couponRedemptions, coupons, giftCardCodes, mailbox, orders, outbox } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { getWalletCoins } from '../wallet/repository.ts';
import {
  buyNow, placeOrder, prepareOrderForPayment, recordPaymentApproved, recordPaymentFailed,
} from '../checkout/service.ts';
import {
  addToCart, as, createShopper, expectLedgerBalanced, JADE_GIFT_CARD, ledgerSumForOrder, LUCKY_HANDFUL, setFreeStock, STARTER_POUCH,
} from '../checkout/testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
});
afterAll(() => t.close());

const db = () => t.database.db;
const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

describe('recordPaymentApproved', () => {
  it('fulfils once when the same approval arrives 10 times at once: coins credited once, receipt sent once', async () => {
    const s = await createShopper(db());
    await addToCart(t.app, s, LUCKY_HANDFUL, 2);
    const order = await placeOrder(db(), s.id);
    await prepareOrderForPayment(db(), s.id, order._id);
    const before = await getWalletCoins(db(), s.id);

    const results = await Promise.all(Array.from({ length: 10 }, () => recordPaymentApproved(db(), order._id, 'pay-1')));
    expect(results).toEqual(Array(10).fill('fulfilled'));

    const row = await orderRow(order._id);
    expect(row.status).toBe('fulfilled');
    expect(row.paymentId).toBe('pay-1');
    expect(row.paidAt).not.toBeNull();
    expect(row.fulfilledAt).not.toBeNull();
    await expectLedgerBalanced(db(), order._id);
    expect(await ledgerSumForOrder(db(), order._id)).toBe(order.totalCoins);
    expect(order.totalCoins).toBeGreaterThan(2000);
    const after = await getWalletCoins(db(), s.id);
    expect(after.purchasedWallet - before.purchasedWallet).toBe(order.totalCoins);

    await t.app.outbox.drain();
    const mails = await db().select().from(mailbox).where(eq(mailbox.toAddress, s.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/receipt/i);
    expect(mails[0]!.textBody).toContain('2 × Lucky Handful 1,000 coins');
    expect(mails[0]!.textBody).toContain(`${order.totalCoins.toLocaleString('en-US')} coins were added to your balance`);
    const rows = await db().select().from(outbox);
    const mine = rows.filter((r) => JSON.stringify(r.payload).includes(order._id) || JSON.stringify(r.payload).includes(s.id));
    expect(mine.map((r) => r.topic).sort()).toEqual(['live.cart', 'live.wallet', 'mail.receipt']);
    expect(mine.every((r) => r.processedAt !== null)).toBe(true);

    // The cart the order came from is emptied, and the first-purchase bonus is gone for the next cart.
    const cart = await as(t.app, s, { method: 'GET', url: '/api/v1/cart' });
    expect(cart.json().data.items).toEqual([]);
    expect(cart.json().data.eligibilityPromotion).toBeNull();
  });

  it('credits nothing and refuses a late approval for an order that already failed', async () => {
    const s = await createShopper(db());
    const order = await buyNow(db(), s.id, { kind: 'product', itemId: STARTER_POUCH, quantity: 1 });
    await prepareOrderForPayment(db(), s.id, order._id);
    expect(await recordPaymentFailed(db(), order._id, 'Your card was declined.')).toBe('failed');
    expect(await recordPaymentFailed(db(), order._id, 'again')).toBe('failed');
    await expect(recordPaymentApproved(db(), order._id, 'late')).rejects.toMatchObject({ statusCode: 409 });
    const row = await orderRow(order._id);
    expect(row.status).toBe('failed');
    expect(row.failureReason).toBe('Your card was declined.');
    await expectLedgerBalanced(db(), order._id);
    expect(await ledgerSumForOrder(db(), order._id)).toBe(0);
  });

  it('never lets a late decline undo a recorded approval', async () => {
    const s = await createShopper(db());
    const order = await buyNow(db(), s.id, { kind: 'product', itemId: STARTER_POUCH, quantity: 1 });
    await prepareOrderForPayment(db(), s.id, order._id);
    await recordPaymentApproved(db(), order._id, 'pay-2');
    expect(await recordPaymentFailed(db(), order._id, 'late decline')).toBe('fulfilled');
    await expectLedgerBalanced(db(), order._id);
    expect(await ledgerSumForOrder(db(), order._id)).toBe(order.totalCoins);
  });
  it('keeps an approved order paid when fulfilment fails, and completes it on a later pass', async () => {
    await setFreeStock(db(), JADE_GIFT_CARD, 0);
    const s = await createShopper(db());
    // Approved without the reservation step and with no stock left: fulfilment cannot hand out a code.
    const order = await buyNow(db(), s.id, { kind: 'giftCard', itemId: JADE_GIFT_CARD, quantity: 1 });
    expect(await recordPaymentApproved(db(), order._id, 'pay-stuck')).toBe('paid');
    await t.app.outbox.drain();
    expect((await orderRow(order._id)).status).toBe('paid');
    await expectLedgerBalanced(db(), order._id);
    expect(await ledgerSumForOrder(db(), order._id)).toBe(0);

    const [code] = await setFreeStock(db(), JADE_GIFT_CARD, 1);
    await t.app.outbox.drain();
    expect((await orderRow(order._id)).status).toBe('fulfilled');
    await expectLedgerBalanced(db(), order._id);
    expect(await ledgerSumForOrder(db(), order._id)).toBe(order.totalCoins);
    const [assigned] = await db().select().from(giftCardCodes).where(eq(giftCardCodes.code, code!));
    expect(assigned!.userId).toBe(s.id);
  });
});

describe('prepareOrderForPayment', () => {
  it('lets exactly one of 20 shoppers racing for the last gift-card code reserve it; the others get a 409', async () => {
    const [lastCode] = await setFreeStock(db(), JADE_GIFT_CARD, 1);
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => createShopper(db())));
    const placed = await Promise.all(shoppers.map((s) => buyNow(db(), s.id, { kind: 'giftCard', itemId: JADE_GIFT_CARD, quantity: 1 })));

    const results = await Promise.allSettled(shoppers.map((s, i) => prepareOrderForPayment(db(), s.id, placed[i]!._id)));
    const winners = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
    expect(winners).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') {
        expect(r.reason).toBeInstanceOf(AppError);
        expect(r.reason).toMatchObject({ statusCode: 409, message: 'Sorry, that gift card just sold out.' });
      }
    }

    // The winner pays and gets the code; the others' payments never happen (their orders fail).
    const w = winners[0]!;
    expect(await recordPaymentApproved(db(), placed[w]!._id, 'pay-gc')).toBe('fulfilled');
    for (const [i, order] of placed.entries()) {
      if (i !== w) await recordPaymentFailed(db(), order._id, 'Sorry, that gift card just sold out.');
    }
    const purchases = await as(t.app, shoppers[w]!, { method: 'GET', url: '/api/v1/checkout/my-purchases' });
    expect(purchases.json().data[0].giftCardCodes).toEqual([{ giftCardId: JADE_GIFT_CARD, name: 'Jade Gift Card $25', code: lastCode }]);
    const [code] = await db().select().from(giftCardCodes).where(eq(giftCardCodes.code, lastCode!));
    expect(code).toMatchObject({ orderId: placed[w]!._id, userId: shoppers[w]!.id });
    expect(code!.assignedAt).not.toBeNull();
    for (const order of placed) await expectLedgerBalanced(db(), order._id);
  });

  it('returns a failed order\'s code to stock, and is safe to call twice', async () => {
    const [code] = await setFreeStock(db(), JADE_GIFT_CARD, 1);
    const a = await createShopper(db());
    const b = await createShopper(db());
    const first = await buyNow(db(), a.id, { kind: 'giftCard', itemId: JADE_GIFT_CARD, quantity: 1 });
    await prepareOrderForPayment(db(), a.id, first._id);
    await prepareOrderForPayment(db(), a.id, first._id);
    const second = await buyNow(db(), b.id, { kind: 'giftCard', itemId: JADE_GIFT_CARD, quantity: 1 });
    await expect(prepareOrderForPayment(db(), b.id, second._id)).rejects.toMatchObject({ statusCode: 409 });
    await recordPaymentFailed(db(), first._id, 'Your card was declined.');
    await prepareOrderForPayment(db(), b.id, second._id);
    const [row] = await db().select().from(giftCardCodes).where(eq(giftCardCodes.code, code!));
    expect(row!.orderId).toBe(second._id);
  });

  it("answers 404 for another shopper's order and 409 for an order that is no longer pending", async () => {
    const owner = await createShopper(db());
    const other = await createShopper(db());
    const order = await buyNow(db(), owner.id, { kind: 'product', itemId: STARTER_POUCH, quantity: 1 });
    await expect(prepareOrderForPayment(db(), other.id, order._id)).rejects.toMatchObject({ statusCode: 404 });
    const cancel = await as(t.app, owner, { method: 'POST', url: '/api/v1/checkout/', payload: { orderId: order._id, action: 'cancel' } });
    expect(cancel.statusCode).toBe(200);
    await expect(prepareOrderForPayment(db(), owner.id, order._id)).rejects.toMatchObject({
      statusCode: 409, message: 'This order can no longer be paid.',
    });
  });

  it('reserves a limited coupon for the payment, gives it back on failure and redeems it on fulfilment', async () => {
    const couponId = newId();
    const code = `ONCE${couponId.slice(0, 6).toUpperCase()}`;
    await db().insert(coupons).values({ id: couponId, code, kind: 'FIXED', amount: 100, maxRedemptions: 1 });
    const s = await createShopper(db());
    await addToCart(t.app, s, STARTER_POUCH, 1);
    expect((await as(t.app, s, { method: 'GET', url: `/api/v1/cart/apply-coupon/${code}` })).statusCode).toBe(200);
    const count = async () => (await db().select().from(coupons).where(eq(coupons.id, couponId)))[0]!.redeemedCount;

    const first = await placeOrder(db(), s.id);
    expect(first).toMatchObject({ discount: 100, coupon: { code } });
    await prepareOrderForPayment(db(), s.id, first._id);
    expect(await count()).toBe(1);
    await recordPaymentFailed(db(), first._id, 'Your card was declined.');
    expect(await count()).toBe(0);

    const second = await placeOrder(db(), s.id);
    expect(second._id).not.toBe(first._id);
    await prepareOrderForPayment(db(), s.id, second._id);
    await recordPaymentApproved(db(), second._id, 'pay-c');
    expect(await count()).toBe(1);
    const [redemption] = await db().select().from(couponRedemptions).where(eq(couponRedemptions.orderId, second._id));
    expect(redemption!.status).toBe('redeemed');
    await expectLedgerBalanced(db(), second._id);
  });
});
