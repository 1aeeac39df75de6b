import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { couponRedemptions, coupons, giftCardCodes, ledgerEntries, mailbox, orders, outbox } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { getWalletCoins } from '../../modules/wallet/index.ts';
import { orderLedgerReference } from '../../modules/fulfilment/index.ts';
import { fulfilOrder } from './index.ts';
import { buyNow, GIFT_CARD_SOLD_OUT_MESSAGE, placeOrder, recordPaymentFailed } from '../../modules/checkout/index.ts';
import {
  addToCart,
  approvePayment,
  as,
  createShopper,
  expectLedgerBalanced,
  holdForPayment,
  JADE_GIFT_CARD,
  ledgerSumForOrder,
  LUCKY_HANDFUL,
  setFreeStock,
  STARTER_POUCH,
} from '../../../test/support/checkout.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
});
afterAll(() => t.close());

const db = () => t.database.db;
/** What the app hands the workflow's fulfilment: the database and the background runner to wake. */
const deps = () => ({ db: db(), wake: t.app.outbox });
const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

describe('recording an approval (the pay-an-order workflow)', () => {
  it('fulfils once when the same approval arrives 10 times at once: coins credited once, receipt sent once', async () => {
    const s = await createShopper(db());
    await addToCart(t.app, s, LUCKY_HANDFUL, 2);
    const order = await placeOrder(db(), s.id);
    await holdForPayment(t.app, s.id, order._id);
    const before = await getWalletCoins(db(), s.id);

    const results = await Promise.all(Array.from({ length: 10 }, () => approvePayment(t.app, order._id, 'pay-1')));
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
    // live.order twice: the order became paid, then fulfilled.
    expect(mine.map((r) => r.topic).sort()).toEqual(['live.cart', 'live.order', 'live.order', 'live.wallet', 'mail.receipt']);
    expect(mine.every((r) => r.processedAt !== null)).toBe(true);

    // The cart the order came from is emptied, and the first-purchase bonus is gone for the next cart.
    const cart = await as(t.app, s, { method: 'GET', url: '/api/v1/cart' });
    expect(cart.json().data.items).toEqual([]);
    expect(cart.json().data.eligibilityPromotion).toBeNull();
  });

  it('credits nothing and refuses a late approval for an order that already failed', async () => {
    const s = await createShopper(db());
    const order = await buyNow(db(), s.id, { kind: 'product', itemId: STARTER_POUCH, quantity: 1 });
    await holdForPayment(t.app, s.id, order._id);
    expect(await recordPaymentFailed(db(), order._id, 'Your card was declined.')).toBe('failed');
    expect(await recordPaymentFailed(db(), order._id, 'again')).toBe('failed');
    await expect(approvePayment(t.app, order._id, 'late')).rejects.toMatchObject({ statusCode: 409 });
    const row = await orderRow(order._id);
    expect(row.status).toBe('failed');
    expect(row.failureReason).toBe('Your card was declined.');
    await expectLedgerBalanced(db(), order._id);
    expect(await ledgerSumForOrder(db(), order._id)).toBe(0);
  });

  it('never lets a late decline undo a recorded approval', async () => {
    const s = await createShopper(db());
    const order = await buyNow(db(), s.id, { kind: 'product', itemId: STARTER_POUCH, quantity: 1 });
    await holdForPayment(t.app, s.id, order._id);
    await approvePayment(t.app, order._id, 'pay-2');
    expect(await recordPaymentFailed(db(), order._id, 'late decline')).toBe('fulfilled');
    await expectLedgerBalanced(db(), order._id);
    expect(await ledgerSumForOrder(db(), order._id)).toBe(order.totalCoins);
  });
  it('keeps an approved order paid when fulfilment fails, and completes it on a later pass', async () => {
    await setFreeStock(db(), JADE_GIFT_CARD, 1);
    const s = await createShopper(db());
    const order = await buyNow(db(), s.id, { kind: 'giftCard', itemId: JADE_GIFT_CARD, quantity: 1 });
    // Approved without the reservation step, and the stock gone meanwhile: fulfilment cannot hand out a code.
    await setFreeStock(db(), JADE_GIFT_CARD, 0);
    expect(await approvePayment(t.app, order._id, 'pay-stuck')).toBe('paid');
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

describe('holding an order for payment (the workflow, before any charge)', () => {
  it("returns a failed order's code to stock, and is safe to call twice", async () => {
    const [code] = await setFreeStock(db(), JADE_GIFT_CARD, 1);
    const a = await createShopper(db());
    const b = await createShopper(db());
    const first = await buyNow(db(), a.id, { kind: 'giftCard', itemId: JADE_GIFT_CARD, quantity: 1 });
    const late = await buyNow(db(), b.id, { kind: 'giftCard', itemId: JADE_GIFT_CARD, quantity: 1 });
    await holdForPayment(t.app, a.id, first._id);
    await holdForPayment(t.app, a.id, first._id);
    // b's order can never be paid as placed: it fails with the reason, and b is told.
    await expect(holdForPayment(t.app, b.id, late._id)).rejects.toMatchObject({
      statusCode: 409,
      message: GIFT_CARD_SOLD_OUT_MESSAGE,
    });
    expect(await orderRow(late._id)).toMatchObject({
      status: 'failed',
      failureReason: GIFT_CARD_SOLD_OUT_MESSAGE,
      reservationsHeld: false,
    });
    await recordPaymentFailed(db(), first._id, 'Your card was declined.');
    // The code is back in stock: b's next order gets it.
    const second = await buyNow(db(), b.id, { kind: 'giftCard', itemId: JADE_GIFT_CARD, quantity: 1 });
    await holdForPayment(t.app, b.id, second._id);
    const [row] = await db().select().from(giftCardCodes).where(eq(giftCardCodes.code, code!));
    expect(row!.orderId).toBe(second._id);
  });

  it("answers 404 for another shopper's order and 409 for an order that is no longer pending", async () => {
    const owner = await createShopper(db());
    const other = await createShopper(db());
    const order = await buyNow(db(), owner.id, { kind: 'product', itemId: STARTER_POUCH, quantity: 1 });
    await expect(holdForPayment(t.app, other.id, order._id)).rejects.toMatchObject({ statusCode: 404 });
    const cancel = await as(t.app, owner, { method: 'POST', url: '/api/v1/checkout/', payload: { orderId: order._id, action: 'cancel' } });
    expect(cancel.statusCode).toBe(200);
    await expect(holdForPayment(t.app, owner.id, order._id)).rejects.toMatchObject({
      statusCode: 409,
      message: 'This order can no longer be paid.',
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
    await holdForPayment(t.app, s.id, first._id);
    expect(await count()).toBe(1);
    await recordPaymentFailed(db(), first._id, 'Your card was declined.');
    expect(await count()).toBe(0);

    const second = await placeOrder(db(), s.id);
    expect(second._id).not.toBe(first._id);
    await holdForPayment(t.app, s.id, second._id);
    await approvePayment(t.app, second._id, 'pay-c');
    expect(await count()).toBe(1);
    const [redemption] = await db().select().from(couponRedemptions).where(eq(couponRedemptions.orderId, second._id));
    expect(redemption!.status).toBe('redeemed');
    await expectLedgerBalanced(db(), second._id);
  });
});

describe("fulfilOrder when the ledger already holds the order's credit", () => {
  const creditDirectly = (userId: string, orderId: string, amount: number) =>
    db()
      .insert(ledgerEntries)
      .values({ userId, wallet: 'purchasedWallet', amount, reason: 'purchase', reference: orderLedgerReference(orderId) });

  it('completes the order as already credited: no second credit, no second receipt', async () => {
    const s = await createShopper(db());
    const order = await buyNow(db(), s.id, { kind: 'product', itemId: STARTER_POUCH, quantity: 1 });
    await holdForPayment(t.app, s.id, order._id);
    await creditDirectly(s.id, order._id, order.totalCoins);

    expect(await approvePayment(t.app, order._id, 'pay-credited')).toBe('fulfilled');
    expect((await getWalletCoins(db(), s.id)).purchasedWallet).toBe(order.totalCoins);
    await expectLedgerBalanced(db(), order._id);
    await t.app.outbox.drain();
    expect(await db().select().from(mailbox).where(eq(mailbox.toAddress, s.email))).toEqual([]);
  });

  it('refuses to mark the order fulfilled when the ledger holds a different amount under its reference', async () => {
    const s = await createShopper(db());
    const order = await buyNow(db(), s.id, { kind: 'product', itemId: STARTER_POUCH, quantity: 1 });
    await holdForPayment(t.app, s.id, order._id);
    await creditDirectly(s.id, order._id, 1);

    // The approval stands (the order is paid); fulfilment reports the mismatch instead of hiding it.
    expect(await approvePayment(t.app, order._id, 'pay-mismatch')).toBe('paid');
    await expect(fulfilOrder(deps(), order._id)).rejects.toThrow(
      `ledger holds 1 coins under order:${order._id}, the order ${order.totalCoins}`,
    );
    expect((await orderRow(order._id)).status).toBe('paid');
    expect((await getWalletCoins(db(), s.id)).purchasedWallet).toBe(1);
    // A person settles it (here: refunds the order), so later recovery passes leave it alone.
    await db().update(orders).set({ status: 'refunded' }).where(eq(orders.id, order._id));
  });
});
