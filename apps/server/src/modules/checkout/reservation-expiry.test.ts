// Reservations expire: an order whose payment was abandoned (a 3-D Secure page left open, a provider that
// never answered) gives its gift-card codes and coupon use back after ORDER_RESERVATION_MINUTES.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { loadConfig } from '../../config.ts';
import { couponRedemptions, coupons, giftCardCodes, orders, payments } from '../../db/schema.ts';
import { sandboxTransactions } from '../../db/sandbox-schema.ts';
import { tokenizeCard } from '../../../test/support/vault.ts';
import { getWalletCoins } from '../wallet/index.ts';
import { insertCoupon } from '../../../test/support/coupons.ts';
import { answerChallenge, init, paymentFirst, SANDBOX_CARDS } from '../../../test/support/payments.ts';
import { releaseExpiredReservations, reservationExpiredMessage } from './reservation-expiry.ts';
import {
  addToCart,
  as,
  createShopper,
  expectLedgerBalanced,
  holdForPayment,
  JADE_GIFT_CARD,
  setFreeStock,
  type Shopper,
  STARTER_POUCH,
} from '../../../test/support/checkout.ts';

let t: TestApp;
beforeAll(async () => {
  // A one-minute limit for the sweep the background runner runs; the direct calls below pass their own.
  t = await buildTestApp({ PUBLIC_URL: 'http://store.test', ORDER_RESERVATION_MINUTES: 1 }, { seedDemo: false });
});
afterAll(() => t.close());

const db = () => t.database.db;
const minutes = (n: number) => n * 60_000;
const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const codeRow = async (code: string) => (await db().select().from(giftCardCodes).where(eq(giftCardCodes.code, code)))[0]!;
const giftCardOnSale = async () =>
  (await t.app.inject({ url: `/api/v1/admin/gift-card/${JADE_GIFT_CARD}` })).json().data.data.isAvailable as boolean;

/** A cart order for the Jade gift card and a Starter Pouch with a single-use coupon, left at the 3-D Secure page. */
async function abandonedAtTheBank(s: Shopper) {
  const coupon = await insertCoupon(db(), { kind: 'FIXED', amount: 100, maxRedemptions: 1 });
  await addToCart(t.app, s, JADE_GIFT_CARD, 1, 'giftCard');
  await addToCart(t.app, s, STARTER_POUCH, 1);
  expect((await as(t.app, s, { method: 'GET', url: `/api/v1/cart/apply-coupon/${coupon.code}` })).statusCode).toBe(200);
  const order = (await as(t.app, s, { method: 'POST', url: '/api/v1/checkout/placeorder' })).json().order as { _id: string };
  const step1 = await init(t.app, s, { orderId: order._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.challenge) });
  expect(step1.statusCode, step1.body).toBe(200);
  const { transactionId, paymentOption } = step1.json().data;
  const step2 = await paymentFirst(t.app, s, {
    orderId: order._id,
    version: paymentOption.card.threeD.version,
    relatedTransactionId: transactionId,
  });
  expect(step2.statusCode, step2.body).toBe(200);
  const { url, creq, transactionId: challengeId } = step2.json().data as { url: string; creq: string; transactionId: string };
  return { order, coupon, challengeUrl: { url, creq }, challengeId };
}

describe('reservation expiry', () => {
  it('releases the code and coupon use of an order held past the limit; a late approval sells nothing', async () => {
    const [code] = await setFreeStock(db(), JADE_GIFT_CARD, 1);
    const s = await createShopper(db());
    const { order, coupon, challengeUrl, challengeId } = await abandonedAtTheBank(s);
    expect(await codeRow(code!)).toMatchObject({ orderId: order._id });
    expect(await giftCardOnSale()).toBe(false);
    const couponUses = async () => (await db().select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.redeemedCount;
    expect(await couponUses()).toBe(1);

    // Within the limit nothing moves.
    expect(await releaseExpiredReservations(db(), 30, new Date(Date.now() + minutes(29)))).toBe(0);
    expect((await orderRow(order._id)).status).toBe('pending');

    expect(await releaseExpiredReservations(db(), 30, new Date(Date.now() + minutes(31)))).toBe(1);
    const res = await as(t.app, s, { method: 'GET', url: `/api/v1/checkout/getorder?orderId=${order._id}` });
    expect(res.json().data).toMatchObject({ status: 'failed', failureReason: reservationExpiredMessage(30) });
    expect(reservationExpiredMessage(30)).toBe('This order was not paid within 30 minutes, so the items held for it were released.');
    expect(await codeRow(code!)).toMatchObject({ orderId: null, reservedAt: null });
    expect(await giftCardOnSale()).toBe(true);
    expect(await couponUses()).toBe(0);
    const [redemption] = await db().select().from(couponRedemptions).where(eq(couponRedemptions.orderId, order._id));
    expect(redemption!.status).toBe('released');

    // The shopper comes back to the bank page and approves: the store sends no final payment for an order
    // that can no longer be paid (ADR 037), so nothing is sold.
    const late = await answerChallenge(t.app, challengeUrl, 'approve');
    expect(late.headers.location).toContain('payment=failed');
    expect((await orderRow(order._id)).status).toBe('failed');
    const [payment] = await db().select().from(payments).where(eq(payments.transactionId, challengeId));
    expect(payment!.status).toBe('failed');
    expect(await db().select().from(sandboxTransactions).where(eq(sandboxTransactions.relatedId, challengeId))).toEqual([]);
    expect((await getWalletCoins(db(), s.id)).purchasedWallet).toBe(0);
    await expectLedgerBalanced(db(), order._id);
    expect(await codeRow(code!)).toMatchObject({ orderId: null, userId: null });
  });

  it('restarts the clock when the shopper tries to pay again', async () => {
    await setFreeStock(db(), JADE_GIFT_CARD, 1);
    const s = await createShopper(db());
    const order = (
      await as(t.app, s, { method: 'POST', url: `/api/v1/checkout/buy/${JADE_GIFT_CARD}`, payload: { type: 'giftCard' } })
    ).json().data;
    await holdForPayment(t.app, s.id, order._id);
    await db()
      .update(orders)
      .set({ reservedAt: new Date(Date.now() - minutes(45)) })
      .where(eq(orders.id, order._id));
    await holdForPayment(t.app, s.id, order._id);
    expect(await releaseExpiredReservations(db(), 30)).toBe(0);
    expect(await orderRow(order._id)).toMatchObject({ status: 'pending', reservationsHeld: true });
    await as(t.app, s, { method: 'POST', url: '/api/v1/checkout/', payload: { orderId: order._id, action: 'cancel' } });
  });

  it('leaves orders whose bank payment is settling, however many, and still releases the abandoned one behind them', async () => {
    await setFreeStock(db(), JADE_GIFT_CARD, 1);
    const s = await createShopper(db());
    // More orders waiting for their bank than a page of the sweep holds, all held before the abandoned one.
    const settling = Array.from({ length: 120 }, (_, i) => `ord_settling_${i}`);
    const heldAt = (minutesAgo: number) => new Date(Date.now() - minutes(minutesAgo));
    await db()
      .insert(orders)
      .values(
        settling.map((id, i) => ({
          id,
          userId: s.id,
          source: 'buy-now' as const,
          idempotencyKey: id,
          subtotalCents: 499,
          totalCents: 499,
          coins: 500,
          reservationsHeld: true,
          reservedAt: heldAt(600 - i),
        })),
      );
    await db()
      .insert(payments)
      .values(
        settling.map((orderId) => ({
          id: `pay_${orderId}`,
          orderId,
          userId: s.id,
          provider: 'nuvei-ach-sandbox',
          method: 'bank_account' as const,
          transactionId: `t_${orderId}`,
          status: 'pending' as const,
          amountCents: 499,
        })),
      );
    const abandoned = (
      await as(t.app, s, { method: 'POST', url: `/api/v1/checkout/buy/${JADE_GIFT_CARD}`, payload: { type: 'giftCard' } })
    ).json().data._id as string;
    await holdForPayment(t.app, s.id, abandoned);
    await db()
      .update(orders)
      .set({ reservedAt: heldAt(300) })
      .where(eq(orders.id, abandoned));

    expect(await releaseExpiredReservations(db(), 30)).toBeGreaterThanOrEqual(1);
    expect(await orderRow(abandoned)).toMatchObject({ status: 'failed', reservationsHeld: false });
    const stillWaiting = await db().select({ status: orders.status }).from(orders).where(eq(orders.userId, s.id));
    expect(stillWaiting.filter((o) => o.status === 'pending')).toHaveLength(settling.length);
  });

  it('is swept by the running server after ORDER_RESERVATION_MINUTES, leaving younger reservations alone', async () => {
    await setFreeStock(db(), JADE_GIFT_CARD, 2);
    const [old, young] = [await createShopper(db()), await createShopper(db())];
    const buy = async (s: Shopper) => {
      const order = (
        await as(t.app, s, { method: 'POST', url: `/api/v1/checkout/buy/${JADE_GIFT_CARD}`, payload: { type: 'giftCard' } })
      ).json().data;
      await holdForPayment(t.app, s.id, order._id);
      return order._id as string;
    };
    const oldOrder = await buy(old);
    const youngOrder = await buy(young);
    // Held two minutes ago against this server's one-minute limit (the clock moved on).
    await db()
      .update(orders)
      .set({ reservedAt: new Date(Date.now() - minutes(2)) })
      .where(eq(orders.id, oldOrder));

    await t.app.outbox.drain();
    expect(await orderRow(oldOrder)).toMatchObject({
      status: 'failed',
      reservationsHeld: false,
      failureReason: reservationExpiredMessage(1),
    });
    expect(await orderRow(youngOrder)).toMatchObject({ status: 'pending', reservationsHeld: true });
    const held = await db().select().from(giftCardCodes).where(eq(giftCardCodes.giftCardId, JADE_GIFT_CARD));
    expect(held.filter((c) => c.orderId === youngOrder)).toHaveLength(1);
    expect(held.filter((c) => c.orderId === oldOrder)).toHaveLength(0);
  });
});

describe('ORDER_RESERVATION_MINUTES', () => {
  it('defaults to 30 and must be a positive whole number of minutes', () => {
    const base = { NODE_ENV: 'test' };
    expect(loadConfig(base).ORDER_RESERVATION_MINUTES).toBe(30);
    expect(loadConfig({ ...base, ORDER_RESERVATION_MINUTES: '5' }).ORDER_RESERVATION_MINUTES).toBe(5);
    for (const bad of ['0', '-1', '1.5', 'soon']) {
      expect(() => loadConfig({ ...base, ORDER_RESERVATION_MINUTES: bad })).toThrow(/ORDER_RESERVATION_MINUTES/);
    }
  });
});
