// A refund made outside the store, in Stripe's dashboard (the sandbox's dashboard control, ADR 012):
// Stripe's charge.refunded takes the coins of a fully refunded payment back through the shared reversal,
// once however often the event comes; a partial refund leaves them; a refund the store made itself (an
// orphaned approval, refundOrphan) changes nothing more.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { as, createShopper, ledgerSumForOrder, type Shopper } from '../../../../test/support/checkout.ts';
import { init, orderStatus, pendingOrder, SANDBOX_CARDS } from '../../../../test/support/payments.ts';
import { tokenizeCard } from '../../../../test/support/vault.ts';
import {
  answerStripePage,
  followReturn,
  payIntent,
  postWebhook,
  saveStripeCard,
  STRIPE_TEST_CARDS,
} from '../../../../test/support/stripe.ts';
import { accountFlags, ledgerEntries, orders, payments, paymentWebhookEvents } from '../../../db/schema.ts';
import { stripeSandboxObjects } from '../../../db/sandbox-schema.ts';

const WEBHOOK_SECRET = 'whsec_test_refunds_0123456789abcdef';
const WAIT = { timeout: 20_000, interval: 100 };
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }, { seedDemo: false });
});
afterAll(() => t.close());

const db = () => t.database.db;
const paymentOf = async (orderId: string, provider = 'stripe-sandbox') =>
  (await db().select().from(payments).where(eq(payments.orderId, orderId))).find((p) => p.provider === provider)!;
const entriesOf = (s: Shopper) => db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, s.id));

/** The shopper's balance as the API shows it, checked against the sum of their ledger entries. */
async function balancedWallet(s: Shopper): Promise<number> {
  const res = await as(t.app, s, { method: 'GET', url: '/api/v1/getuser' });
  expect(res.statusCode).toBe(200);
  const balance = res.json().data.coins.purchasedWallet as number;
  const sum = (await entriesOf(s)).filter((e) => e.wallet === 'purchasedWallet').reduce((total, e) => total + e.amount, 0);
  expect(balance).toBe(sum);
  return balance;
}

/** The dashboard's refund of the PaymentIntent (the whole charge, or `amount` cents of it). */
const dashboardRefund = (paymentIntentId: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/sandbox/stripe/payment_intents/${paymentIntentId}/refund`, ...(payload ? { payload } : {}) });

/** The charge.refunded events the sandbox sent for the PaymentIntent, as Stripe stores them. */
const refundEventsOf = async (paymentIntentId: string) =>
  (await db().select().from(stripeSandboxObjects).where(eq(stripeSandboxObjects.object, 'event')))
    .map((row) => row.data as { id: string; type: string; data: { object: Record<string, unknown> } })
    .filter((e) => e.type === 'charge.refunded' && e.data.object.payment_intent === paymentIntentId);

/** Waits until our webhook has handled every charge.refunded event of the PaymentIntent (`count` of them). */
async function refundEventsHandled(paymentIntentId: string, count: number) {
  await vi.waitFor(async () => {
    const events = await refundEventsOf(paymentIntentId);
    expect(events).toHaveLength(count);
    for (const event of events) {
      const [row] = await db()
        .select()
        .from(paymentWebhookEvents)
        .where(and(eq(paymentWebhookEvents.provider, 'stripe'), eq(paymentWebhookEvents.eventId, event.id)));
      expect(row?.status).toBe('done');
    }
  }, WAIT);
  return refundEventsOf(paymentIntentId);
}

/** An order paid with a Stripe card and fulfilled. */
async function paidOrder() {
  const s = await createShopper(db());
  const card = await saveStripeCard(t.app, s, STRIPE_TEST_CARDS.succeeds);
  const order = await pendingOrder(t.app, s);
  const res = await payIntent(t.app, s, card, order._id);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.status).toBe('approved');
  const coins = order.coins + order.bonusCoins;
  expect(await balancedWallet(s)).toBe(coins);
  return { s, order, coins, paymentIntentId: res.json().data.paymentIntentId as string };
}

describe("a refund made in Stripe's dashboard", () => {
  it('takes the coins back once, refunds the order and flags nobody; the ledger balances', async () => {
    const { s, order, coins, paymentIntentId } = await paidOrder();
    const refund = await dashboardRefund(paymentIntentId);
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().data.amount).toBe(order.total);
    await vi.waitFor(async () => expect(await orderStatus(t.app, s, order._id)).toBe('refunded'), WAIT);
    await refundEventsHandled(paymentIntentId, 1);

    expect(await paymentOf(order._id)).toMatchObject({ status: 'reversed', declineReason: 'Refunded at Stripe' });
    const [row] = await db().select().from(orders).where(eq(orders.id, order._id));
    expect(row!.failureReason).toBe('This payment was refunded, so its coins were taken back.');
    const entries = (await entriesOf(s)).map((e) => [e.amount, e.reason, e.reference]);
    expect(entries).toEqual([
      [coins, expect.any(String), `order:${order._id}`],
      [-coins, 'reversal', `reversal:order:${order._id}`],
    ]);
    expect(await balancedWallet(s)).toBe(0);
    // A merchant's refund is not the shopper's doing: they may still pay by bank account.
    expect(await db().select().from(accountFlags).where(eq(accountFlags.userId, s.id))).toEqual([]);
    // Nothing is left to refund.
    expect((await dashboardRefund(paymentIntentId)).statusCode).toBe(400);
  });

  it('the same event ten times at once, and ten copies under new ids, reverse once', async () => {
    const { s, order, coins, paymentIntentId } = await paidOrder();
    const payment = await paymentOf(order._id);
    const charge = {
      id: 'ch_test_refunded_0001',
      object: 'charge',
      amount: order.total,
      amount_refunded: order.total,
      refunded: true,
      currency: 'usd',
      payment_intent: paymentIntentId,
      metadata: { paymentId: payment.id, orderId: order._id },
    };
    const eventWith = (id: string) => ({
      id,
      object: 'event',
      type: 'charge.refunded',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: charge },
    });
    const same = eventWith(`evt_test_refund_${payment.id.slice(0, 12)}`);
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => postWebhook(t.app, same, WEBHOOK_SECRET)),
      ...Array.from({ length: 10 }, (_, i) =>
        postWebhook(t.app, eventWith(`evt_test_copy_${i}_${payment.id.slice(0, 12)}`), WEBHOOK_SECRET),
      ),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.slice(0, 10).filter((res) => res.json().duplicate === true)).toHaveLength(9);

    expect(await orderStatus(t.app, s, order._id)).toBe('refunded');
    const reversals = (await entriesOf(s)).filter((e) => e.reference === `reversal:order:${order._id}`);
    expect(reversals.map((e) => e.amount)).toEqual([-coins]);
    expect(await balancedWallet(s)).toBe(0);
  });

  it('a partial refund is logged and leaves the coins; refunding the rest takes them back', async () => {
    const { s, order, coins, paymentIntentId } = await paidOrder();
    const part = await dashboardRefund(paymentIntentId, { amount: 100 });
    expect(part.statusCode, part.body).toBe(200);
    await refundEventsHandled(paymentIntentId, 1);
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
    expect((await paymentOf(order._id)).status).toBe('approved');
    expect(await balancedWallet(s)).toBe(coins);

    expect((await dashboardRefund(paymentIntentId, { amount: 'all' })).statusCode).toBe(400);
    const rest = await dashboardRefund(paymentIntentId);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data.amount).toBe(order.total - 100);
    await refundEventsHandled(paymentIntentId, 2);
    expect(await orderStatus(t.app, s, order._id)).toBe('refunded');
    expect(await balancedWallet(s)).toBe(0);
  });
});

describe('a refund the store made itself', () => {
  it("an orphaned approval's refund comes back as charge.refunded and changes nothing more", async () => {
    const s = await createShopper(db());
    const stripeCard = await saveStripeCard(t.app, s, STRIPE_TEST_CARDS.threeDSecure);
    const order = await pendingOrder(t.app, s);
    const waiting = (await payIntent(t.app, s, stripeCard, order._id)).json().data;
    // Paid by card meanwhile; then the Stripe payment completes too, and the store refunds it (refundOrphan).
    const card = await init(t.app, s, { orderId: order._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless) });
    expect(card.statusCode, card.body).toBe(200);
    const coins = order.coins + order.bonusCoins;
    const back = await answerStripePage(t.app, waiting.nextAction.url, 'approve');
    expect(await followReturn(t.app, back)).toBe(`/payment-success?orderId=${order._id}&duplicateRefunded=1`);

    const [event] = await refundEventsHandled(waiting.paymentIntentId, 1);
    expect((await paymentOf(order._id)).status).toBe('refunded');
    expect((await paymentOf(order._id, 'nuvei-sandbox')).status).toBe('approved');
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
    expect(await ledgerSumForOrder(db(), order._id)).toBe(coins);
    expect(await balancedWallet(s)).toBe(coins);

    // Delivered again under another id (a replay from the dashboard): still nothing.
    const replay = await postWebhook(t.app, { ...event!, id: `${event!.id}_replay` }, WEBHOOK_SECRET);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
    expect((await entriesOf(s)).filter((e) => e.reason === 'reversal')).toEqual([]);
    expect(await balancedWallet(s)).toBe(coins);
  });
});
