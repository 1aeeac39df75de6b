// Stripe cards and Cash App Pay through the real `stripe` package against the built-in sandbox's HTTP
// API (ADR 012): saving, listing and deleting methods, paying (approved, 3-D Secure, declined, Cash
// App), and the webhook (signed, stale, forged, replayed, ten at once).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { buildTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { createShopper, ledgerSumForOrder } from '../../../../test/support/checkout.ts';
import { orderStatus, pendingOrder } from '../../../../test/support/payments.ts';
import { tokenizeCard } from '../../../../test/support/vault.ts';
import {
  answerStripePage,
  deleteMethod,
  followReturn,
  listMethods,
  payIntent,
  postWebhook,
  saveStripeCard,
  saveStripeCardRaw,
  STRIPE_TEST_CARDS,
} from '../../../../test/support/stripe.ts';
import { payments, paymentWebhookEvents } from '../../../db/schema.ts';
import { stripeSandboxObjects } from '../../../db/sandbox-schema.ts';

const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef0123';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }, { seedDemo: false });
});
afterAll(() => t.close());

const db = () => t.database.db;
const paymentsOf = (orderId: string) => db().select().from(payments).where(eq(payments.orderId, orderId));
const sandboxObjects = async (object: string) =>
  (await db().select().from(stripeSandboxObjects).where(eq(stripeSandboxObjects.object, object))).map((r) => r.data);
const chargesOf = async (piId: string) => (await sandboxObjects('charge')).filter((c) => c.payment_intent === piId);

describe('saved Stripe methods', () => {
  it('saves a card from a vault token, lists it with what the shopper recognises, and deletes it', async () => {
    const s = await createShopper(db());
    expect(await listMethods(t.app, s)).toEqual({ card: [], nuveiCards: [], cashapp: [] });
    const id = await saveStripeCard(t.app, s, STRIPE_TEST_CARDS.succeeds);
    expect(id).toMatch(/^pm_/);
    const listed = await listMethods(t.app, s);
    expect(listed.card).toEqual([{ userPaymentOptionId: id, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 }]);
    expect(listed.cashapp).toEqual([]);

    const res = await deleteMethod(t.app, s, id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await listMethods(t.app, s)).card).toEqual([]);
    // Gone: a second delete is a 404.
    expect((await deleteMethod(t.app, s, id)).statusCode).toBe(404);
  });

  it("sends the card's billing ZIP to Stripe with the card, where the issuer checks it; a malformed one is a 400 naming billingZip (issue 24)", async () => {
    const s = await createShopper(db());
    const saved = await saveStripeCardRaw(t.app, s, {
      vaultToken: await tokenizeCard(t.app, STRIPE_TEST_CARDS.succeeds),
      billingZip: ' 73301 ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const pm = (await sandboxObjects('payment_method')).find((m) => m.id === saved.json().data.paymentMethod.userPaymentOptionId);
    expect(pm?.billing_details).toMatchObject({ address: { postal_code: '73301' } });
    expect(pm?.card).toMatchObject({ checks: { address_postal_code_check: 'pass' } });

    for (const billingZip of ['7', '73301<script>']) {
      const refused = await saveStripeCardRaw(t.app, s, { vaultToken: await tokenizeCard(t.app, STRIPE_TEST_CARDS.succeeds), billingZip });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ success: false, field: 'billingZip' });
    }
    // Stripe's own card element asks the postcode itself: beside a PaymentMethod id it is refused.
    const withElement = await saveStripeCardRaw(t.app, s, { paymentMethodId: 'pm_abcdefgh123', billingZip: '73301' });
    expect(withElement.statusCode).toBe(400);
    expect(withElement.json()).toMatchObject({ field: 'billingZip' });
    expect((await listMethods(t.app, s)).card).toHaveLength(1);
  });

  it("another shopper's method, an unknown id or a malformed one: 404 to delete and to pay, nothing changed", async () => {
    const owner = await createShopper(db());
    const other = await createShopper(db());
    const id = await saveStripeCard(t.app, owner, STRIPE_TEST_CARDS.succeeds);
    const del = await deleteMethod(t.app, other, id);
    expect(del.statusCode).toBe(404);
    expect(del.json().message).toBe('Payment method not found.');
    expect((await deleteMethod(t.app, other, 'pm_doesnotexist000000')).statusCode).toBe(404);
    expect((await deleteMethod(t.app, other, 'nonsense')).statusCode).toBe(404);
    expect((await listMethods(t.app, owner)).card.map((c) => c.userPaymentOptionId)).toEqual([id]);

    const order = await pendingOrder(t.app, other);
    const pay = await payIntent(t.app, other, id, order._id);
    expect(pay.statusCode).toBe(404);
    expect(await paymentsOf(order._id)).toEqual([]);
    expect(await orderStatus(t.app, other, order._id)).toBe('pending');
  });

  it('a card Stripe declines is not saved (402); a bad body names its field', async () => {
    const s = await createShopper(db());
    const declined = await saveStripeCardRaw(t.app, s, { vaultToken: await tokenizeCard(t.app, STRIPE_TEST_CARDS.declined) });
    expect(declined.statusCode, declined.body).toBe(402);
    expect(declined.json().code).toBe('CARD_DECLINED');
    const unknown = await saveStripeCardRaw(t.app, s, { vaultToken: 'card_unknownunknownunknown' });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json().field).toBe('vaultToken');
    const both = await saveStripeCardRaw(t.app, s, { vaultToken: 'card_xxxxxxxxxx', paymentMethodId: 'pm_xxxxxxxxxx' });
    expect(both.statusCode).toBe(400);
    const pan = await saveStripeCardRaw(t.app, s, { cardNumber: STRIPE_TEST_CARDS.succeeds });
    expect(pan.statusCode).toBe(400);
    expect((await listMethods(t.app, s)).card).toEqual([]);
  });

  it('adds a Cash App account through its authorisation page, then pays with it at once', async () => {
    const s = await createShopper(db());
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/stripe/cash-app/setup',
      headers: { 'x-auth-token': s.token },
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const back = await answerStripePage(t.app, setup.json().data.url, 'approve');
    expect(await followReturn(t.app, back)).toBe('/add-card?cashApp=added');
    const { cashapp } = await listMethods(t.app, s);
    expect(cashapp).toHaveLength(1);
    expect(cashapp[0]!.cashtag).toMatch(/^\$sandbox/);

    const order = await pendingOrder(t.app, s);
    const pay = await payIntent(t.app, s, cashapp[0]!.userPaymentOptionId, order._id);
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json().data).toMatchObject({ status: 'approved', orderStatus: 'fulfilled' });
    expect(await ledgerSumForOrder(db(), order._id)).toBe(order.coins + order.bonusCoins);
  });
});

describe('paying an order', () => {
  it('a saved card is approved at once and the order fulfilled; the body must be empty', async () => {
    const s = await createShopper(db());
    const id = await saveStripeCard(t.app, s, STRIPE_TEST_CARDS.succeeds);
    const order = await pendingOrder(t.app, s);
    const withBody = await payIntent(t.app, s, id, order._id, { amount: 1 });
    expect(withBody.statusCode).toBe(400);
    expect(await paymentsOf(order._id)).toEqual([]);
    const noOrder = await t.app.inject({
      method: 'POST',
      url: `/api/v1/payment/stripe/payment-intent/${id}`,
      headers: { 'x-auth-token': s.token },
    });
    expect(noOrder.statusCode).toBe(400);

    const res = await payIntent(t.app, s, id, order._id);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ status: 'approved', orderStatus: 'fulfilled' });
    expect(data.paymentIntentId).toMatch(/^pi_/);
    const [payment] = await paymentsOf(order._id);
    expect(payment).toMatchObject({
      provider: 'stripe-sandbox',
      method: 'stripe_card',
      status: 'approved',
      transactionId: data.paymentIntentId,
    });
    expect(await ledgerSumForOrder(db(), order._id)).toBe(order.coins + order.bonusCoins);
    expect(await chargesOf(data.paymentIntentId)).toHaveLength(1);
    // Paying again: 409, nothing charged.
    const again = await payIntent(t.app, s, id, order._id);
    expect(again.statusCode).toBe(409);
  });

  it('3-D Secure: requires_action with the page, then the completed check fulfils the order once', async () => {
    const s = await createShopper(db());
    const id = await saveStripeCard(t.app, s, STRIPE_TEST_CARDS.threeDSecure);
    const order = await pendingOrder(t.app, s);
    const res = await payIntent(t.app, s, id, order._id);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ status: 'requires_action', orderStatus: 'pending', nextAction: { type: 'redirect' } });
    expect(data.nextAction.url).toMatch(/^\/sandbox\/stripe\/3ds\/pi_/);
    expect(await ledgerSumForOrder(db(), order._id)).toBe(0);

    const back = await answerStripePage(t.app, data.nextAction.url, 'approve');
    expect(back).toContain('redirect_status=succeeded');
    // The webhook fulfilled it before the browser came back; the return route sends it to the success page.
    expect(await followReturn(t.app, back)).toBe(`/payment-success?orderId=${order._id}`);
    // In the pay page's dialog (issue 24) the same return tells the pay page instead of opening it in the frame.
    const url = new URL(back, 'http://localhost');
    const framed = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { 'sec-fetch-dest': 'iframe' } });
    expect(framed.statusCode).toBe(200);
    expect(framed.body).toContain(`data-to="/payment-success?orderId=${order._id}"`);
    expect(String(framed.headers['content-security-policy'])).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
    expect(await ledgerSumForOrder(db(), order._id)).toBe(order.coins + order.bonusCoins);
    // The page's secret is used up.
    expect((await t.app.inject({ method: 'GET', url: data.nextAction.url })).statusCode).toBe(404);
  });

  it('3-D Secure failed: the order fails, nothing charged', async () => {
    const s = await createShopper(db());
    const id = await saveStripeCard(t.app, s, STRIPE_TEST_CARDS.threeDSecure);
    const order = await pendingOrder(t.app, s);
    const data = (await payIntent(t.app, s, id, order._id)).json().data;
    const back = await answerStripePage(t.app, data.nextAction.url, 'fail');
    expect(await followReturn(t.app, back)).toBe(`/cart?payment=failed&orderId=${order._id}`);
    expect((await paymentsOf(order._id))[0]!.status).toBe('declined');
    expect(await chargesOf(data.paymentIntentId)).toEqual([]);
    expect(await ledgerSumForOrder(db(), order._id)).toBe(0);
  });

  it('a declined card answers 402 with the decline message; insufficient funds its own', async () => {
    const s = await createShopper(db());
    const id = await saveStripeCard(t.app, s, STRIPE_TEST_CARDS.insufficientFunds);
    const order = await pendingOrder(t.app, s);
    const res = await payIntent(t.app, s, id, order._id);
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds on this card.' });
    expect((await paymentsOf(order._id))[0]).toMatchObject({ status: 'declined' });
    expect((await paymentsOf(order._id))[0]!.transactionId).toMatch(/^pi_/);
    expect(await ledgerSumForOrder(db(), order._id)).toBe(0);
  });

  it('a new Cash App account: its page authorises the payment, which fulfils the order', async () => {
    const s = await createShopper(db());
    const order = await pendingOrder(t.app, s);
    const res = await payIntent(t.app, s, 'cashapp', order._id);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ status: 'requires_action', nextAction: { type: 'redirect' } });
    expect(data.nextAction.url).toMatch(/^\/sandbox\/stripe\/cashapp\/pi_/);
    expect((await paymentsOf(order._id))[0]).toMatchObject({ method: 'cash_app', status: 'challenge' });
    const back = await answerStripePage(t.app, data.nextAction.url, 'approve');
    expect(await followReturn(t.app, back)).toBe(`/payment-success?orderId=${order._id}`);
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
    expect(await ledgerSumForOrder(db(), order._id)).toBe(order.coins + order.bonusCoins);
  });

  it('Cash App declined on its page: the order fails, nothing charged', async () => {
    const s = await createShopper(db());
    const order = await pendingOrder(t.app, s);
    const data = (await payIntent(t.app, s, 'cashapp', order._id)).json().data;
    await answerStripePage(t.app, data.nextAction.url, 'fail');
    expect((await paymentsOf(order._id))[0]!.status).toBe('declined');
    expect(await ledgerSumForOrder(db(), order._id)).toBe(0);
  });
});

describe('the webhook', () => {
  /** A payment waiting on 3-D Secure, and the event Stripe would send once it succeeded. */
  async function waitingPayment() {
    const s = await createShopper(db());
    const id = await saveStripeCard(t.app, s, STRIPE_TEST_CARDS.threeDSecure);
    const order = await pendingOrder(t.app, s);
    const data = (await payIntent(t.app, s, id, order._id)).json().data;
    const [payment] = await paymentsOf(order._id);
    const event = {
      id: `evt_test${Math.random().toString(36).slice(2, 14)}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: {
        object: {
          id: data.paymentIntentId,
          object: 'payment_intent',
          amount: order.total,
          amount_received: order.total,
          currency: 'usd',
          status: 'succeeded',
          metadata: { paymentId: payment!.id, orderId: order._id },
        },
      },
    };
    return { s, order, event };
  }

  it('forged (wrong secret, no header, altered body) and stale events are refused; nothing changes', async () => {
    const { s, order, event } = await waitingPayment();
    expect((await postWebhook(t.app, event, 'whsec_someone_else_entirely_00')).statusCode).toBe(401);
    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(noHeader.statusCode).toBe(401);
    const stale = await postWebhook(t.app, event, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 600);
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toMatch(/outside the tolerance/);
    // A genuine signature over another body.
    const { default: Stripe } = await import('stripe');
    const header = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify({ ...event, id: 'evt_other' }),
      secret: WEBHOOK_SECRET,
    });
    expect((await postWebhook(t.app, event, WEBHOOK_SECRET, undefined, header)).statusCode).toBe(401);

    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
    expect(await ledgerSumForOrder(db(), order._id)).toBe(0);
    expect(
      await db()
        .select()
        .from(paymentWebhookEvents)
        .where(and(eq(paymentWebhookEvents.provider, 'stripe'), eq(paymentWebhookEvents.eventId, event.id))),
    ).toEqual([]);
  });

  it('the same genuine event ten times at once grants once; a replay later changes nothing', async () => {
    const { s, order, event } = await waitingPayment();
    const answers = await Promise.all(Array.from({ length: 10 }, () => postWebhook(t.app, event, WEBHOOK_SECRET)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((res) => res.json().duplicate === true)).toHaveLength(9);
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
    expect(await ledgerSumForOrder(db(), order._id)).toBe(order.coins + order.bonusCoins);

    const replay = await postWebhook(t.app, event, WEBHOOK_SECRET);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().duplicate).toBe(true);
    expect(await ledgerSumForOrder(db(), order._id)).toBe(order.coins + order.bonusCoins);
  });

  it('an approval of another amount is acknowledged and ignored', async () => {
    const { s, order, event } = await waitingPayment();
    event.data.object.amount_received = 1;
    expect((await postWebhook(t.app, event, WEBHOOK_SECRET)).statusCode).toBe(200);
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
    expect(await ledgerSumForOrder(db(), order._id)).toBe(0);
  });
});

describe("the provider's parseWebhook (ADR 044)", () => {
  const refusal = (fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      const e = err as { statusCode?: number; code?: string; message: string };
      return { statusCode: e.statusCode, code: e.code, message: e.message };
    }
    return null;
  };

  it("answers an event signed with the SDK's helper as {eventId, type, notification}, and refuses a forged or stale one (401)", () => {
    const stripe = t.app.stripeGateway!;
    const rawBody = JSON.stringify({
      id: 'evt_parse_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: 'pi_parse_1',
          object: 'payment_intent',
          amount: 1299,
          amount_received: 1299,
          currency: 'usd',
          status: 'succeeded',
          metadata: { paymentId: 'pay-parse-1' },
        },
      },
    });
    const signed = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) => ({
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) }),
    });
    expect(stripe.parseWebhook({ rawBody, headers: signed(rawBody) })).toEqual({
      eventId: 'evt_parse_1',
      type: 'payment_intent.succeeded',
      notification: {
        transactionId: 'pi_parse_1',
        paymentId: 'pay-parse-1',
        event: 'payment_intent.succeeded',
        charge: true,
        currency: 'USD',
        status: 'approved',
        amountCents: 1299,
        card: null,
      },
    });
    // Genuine, about no payment of ours: verified, nothing to act on.
    const setup = JSON.stringify({
      id: 'evt_parse_2',
      object: 'event',
      type: 'setup_intent.succeeded',
      data: { object: { id: 'seti_1' } },
    });
    expect(stripe.parseWebhook({ rawBody: setup, headers: signed(setup) })).toEqual({
      eventId: 'evt_parse_2',
      type: 'setup_intent.succeeded',
      notification: null,
    });

    expect(refusal(() => stripe.parseWebhook({ rawBody, headers: signed(rawBody, 'whsec_someone_else_entirely_00') }))).toEqual({
      statusCode: 401,
      code: 'BAD_SIGNATURE',
      message: 'Invalid Stripe signature.',
    });
    expect(refusal(() => stripe.parseWebhook({ rawBody: rawBody.replace('1299', '1'), headers: signed(rawBody) }))).toMatchObject({
      statusCode: 401,
    });
    expect(refusal(() => stripe.parseWebhook({ rawBody, headers: {} }))).toMatchObject({ statusCode: 401, code: 'BAD_SIGNATURE' });
    expect(
      refusal(() => stripe.parseWebhook({ rawBody, headers: signed(rawBody, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 600) })),
    ).toEqual({ statusCode: 401, code: 'BAD_SIGNATURE', message: 'Stale event: its timestamp is outside the tolerance.' });
  });
});
