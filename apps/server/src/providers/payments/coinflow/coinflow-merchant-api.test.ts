// The store's `coinflow` provider with COINFLOW_MODE=coinflow (issue 22, ADR 041), against a stand-in for
// Coinflow on a loopback port (test/support/fake-coinflow.ts) that is as strict as Coinflow's API reference:
// the API key in Authorization, the shopper's session key from GET /api/auth/session-key, the amount in a
// checkout JWT, Coinflow's webhook (Coinflow-Signature or Authorization = the validation key; Settled grants
// once, a replay changes nothing), Card Payment Declined counted, lookup and refund of Coinflow's payment.
// The hosted-checkout path (the default) is coinflow.test.ts and coinflow-in-process.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { coinflowSessionResponse } from '@store/shared';
import { buildTestApp, testConfig, type TestApp } from '../../../../test/support/test-app.ts';
import { as, createShopper, expectLedgerBalanced, type Shopper } from '../../../../test/support/checkout.ts';
import { orderStatus, pendingOrder } from '../../../../test/support/payments.ts';
import { startFakeCoinflow, type FakeCoinflow, type FakeDelivery } from '../../../../test/support/fake-coinflow.ts';
import { payments } from '../../../db/schema.ts';
import { createCoinflowApi, CoinflowApiError } from './coinflow-api.ts';
import { COINFLOW_WEBHOOK_PATH } from './names.ts';
import { saveDistributorKeys } from '../../../modules/settings/index.ts';
import { getWalletCoins } from '../../../modules/wallet/index.ts';

const GAME = 'dragon-slots';
let cf: FakeCoinflow;
let t: TestApp;
beforeAll(async () => {
  cf = await startFakeCoinflow();
  t = await buildTestApp(
    {
      COINFLOW_MODE: 'coinflow',
      COINFLOW_API_URL: cf.apiUrl,
      COINFLOW_CHECKOUT_URL: cf.pageUrl,
      COINFLOW_MERCHANT_ID: cf.merchantId,
      COINFLOW_API_KEY: cf.apiKey,
      COINFLOW_WEBHOOK_VALIDATION_KEY: cf.validationKey,
    },
    { seedDemo: false },
  );
  await saveDistributorKeys(t.database.db, { [GAME]: 'a-signing-key-of-the-dragon-slots-game-0001' });
});
afterAll(async () => {
  await t?.close();
  await cf?.close();
});

const purchased = async (s: Shopper) => (await getWalletCoins(t.database.db, s.id)).purchasedWallet;
const session = (s: Shopper, query: string) => as(t.app, s, { method: 'GET', url: `/api/v1/payment/coinflow/session?${query}` });
const openSession = async (s: Shopper, orderId: string) => {
  const res = await session(s, `gameProvider=${GAME}&orderId=${orderId}`);
  expect(res.statusCode, res.body).toBe(200);
  return coinflowSessionResponse.parse(res.json()).data;
};
const post = (delivery: FakeDelivery) =>
  t.app.inject({ method: 'POST', url: COINFLOW_WEBHOOK_PATH, headers: delivery.headers, payload: delivery.body });
const attemptsOf = (orderId: string) => t.database.db.select().from(payments).where(eq(payments.orderId, orderId));

/** A shopper with a pending order and an open Coinflow page, and the page's settled card payment at Coinflow. */
async function paidAtCoinflow() {
  const s = await createShopper(t.database.db);
  const order = await pendingOrder(t.app, s);
  const data = await openSession(s, order._id);
  const paid = await cf.pay({ sessionKey: data.sessionKey, jwtToken: data.jwtToken! });
  expect(paid.status).toBe(200);
  const [attempt] = await attemptsOf(order._id);
  return { s, order, data, attemptId: attempt!.id, payment: paid.payment! };
}

describe('configuration', () => {
  it('COINFLOW_MODE=coinflow without the credentials stops the start, naming what is missing', () => {
    expect(() => testConfig({ COINFLOW_MODE: 'coinflow', COINFLOW_API_KEY: 'k' })).toThrow(
      /COINFLOW_MERCHANT_ID, COINFLOW_WEBHOOK_VALIDATION_KEY/,
    );
  });

  it('the default is our hosted checkout', () => {
    expect(testConfig().COINFLOW_MODE).toBe('hosted');
  });
});

describe("Coinflow's API as the store calls it", () => {
  it('refuses a call without the right Authorization (401), and so the client fails with a wrong key', async () => {
    const bare = await fetch(`${cf.apiUrl}/api/auth/session-key`, { headers: { 'x-coinflow-auth-user-id': 'u1' } });
    expect(bare.status).toBe(401);
    const wrong = createCoinflowApi({ apiUrl: cf.apiUrl, apiKey: 'coinflow_sandbox_not_the_key' });
    await expect(wrong.sessionKey('u1')).rejects.toMatchObject({ status: 401 });
    await expect(wrong.sessionKey('u1')).rejects.toBeInstanceOf(CoinflowApiError);
  });

  it("opens Coinflow's page: a session key for the shopper and a checkout JWT with the order's amount and our payment id", async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const before = cf.calls.length;
    const data = await openSession(s, order._id);
    expect(data).toMatchObject({
      host: 'coinflow',
      merchantId: cf.merchantId,
      checkoutBase: cf.pageUrl,
      orderId: order._id,
      amountCents: order.total,
      allowedPaymentMethods: ['card'],
    });
    expect(cf.sessionKeys.get(data.sessionKey)).toEqual({ userId: s.id });
    const [attempt] = await attemptsOf(order._id);
    expect(attempt).toMatchObject({
      provider: 'coinflow-api',
      method: 'embedded_checkout',
      status: 'challenge',
      transactionId: `page:${attempt!.id}`,
    });
    expect(cf.jwts.get(data.jwtToken!)).toMatchObject({
      subtotal: { cents: order.total, currency: 'USD' },
      email: s.email,
      webhookInfo: { paymentId: attempt!.id, orderId: order._id, gameProvider: GAME },
      allowedPaymentMethods: ['card'],
    });
    // Both calls carried the API key, bare.
    expect(cf.calls.slice(before).map((c) => [c.method, c.path, c.authorization])).toEqual([
      ['GET', '/api/auth/session-key', cf.apiKey],
      ['POST', '/api/checkout/jwt-token', cf.apiKey],
    ]);
    // The pay page may frame Coinflow's page.
    const csp = String((await t.app.inject({ method: 'GET', url: '/api/ping' })).headers['content-security-policy']);
    expect(csp.split(';').find((d) => d.trim().startsWith('frame-src'))).toContain(cf.pageUrl);
    // Coinflow's page refuses another merchant, an unknown session key and an unknown JWT.
    expect((await cf.pay({ merchantId: 'another-merchant', sessionKey: data.sessionKey, jwtToken: data.jwtToken! })).status).toBe(404);
    expect((await cf.pay({ sessionKey: 'not-a-session-key', jwtToken: data.jwtToken! })).status).toBe(401);
    expect((await cf.pay({ sessionKey: data.sessionKey, jwtToken: 'eyJnot.a-jwt' })).status).toBe(401);
  });

  it('asked again, gives a new session key and JWT for the same attempt', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const first = await openSession(s, order._id);
    const second = await openSession(s, order._id);
    expect(second.sessionKey).not.toBe(first.sessionKey);
    expect(second.jwtToken).not.toBe(first.jwtToken);
    expect(await attemptsOf(order._id)).toHaveLength(1);
  });
});

describe("Coinflow's webhook", () => {
  it('refuses a delivery without validation, with a wrong key or signature, or tampered (401), changing nothing', async () => {
    const { s, order, payment } = await paidAtCoinflow();
    const good = cf.webhook('Settled', payment);
    const refused: FakeDelivery[] = [
      cf.webhook('Settled', payment, { signature: false, authorization: null }),
      cf.webhook('Settled', payment, { signature: false, authorization: 'not-the-validation-key' }),
      // A wrong signature is refused even beside the right Authorization.
      cf.webhook('Settled', payment, { signWith: 'not-the-validation-key' }),
      { ...good, body: good.body.replace(`"subtotal":{"cents":${order.total}}`, '"subtotal":{"cents":1}') },
    ];
    for (const delivery of refused) {
      const res = await post(delivery);
      expect(res.statusCode, res.body).toBe(401);
    }
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
    expect(await purchased(s)).toBe(0);
  });

  it('Settled grants the order once; a replay (signed, or by Authorization) changes nothing', async () => {
    const { s, order, attemptId, payment } = await paidAtCoinflow();
    const delivery = cf.webhook('Settled', payment);
    const res = await post(delivery);
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
    const coins = order.coins + order.bonusCoins;
    expect(await purchased(s)).toBe(coins);

    expect((await post(delivery)).statusCode).toBe(200);
    expect((await post(cf.webhook('Settled', payment, { signature: false }))).statusCode).toBe(200);
    expect(await purchased(s)).toBe(coins);
    await expectLedgerBalanced(t.database.db, order._id);
    const [attempt] = await attemptsOf(order._id);
    expect(attempt).toMatchObject({ id: attemptId, status: 'approved', transactionId: payment.paymentId });
  });

  it('takes a delivery authenticated by the Authorization header alone (an overridden signature is not required)', async () => {
    const { s, order, payment } = await paidAtCoinflow();
    const res = await post(cf.webhook('Settled', payment, { signature: false }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
  });

  it('Refund Complete (a refund made at Coinflow) takes the coins back once', async () => {
    const { s, order, payment } = await paidAtCoinflow();
    expect((await post(cf.webhook('Settled', payment))).statusCode).toBe(200);
    expect(await purchased(s)).toBe(order.coins + order.bonusCoins);
    const refunded = cf.webhook('Refund Complete', payment);
    expect((await post(refunded)).statusCode).toBe(200);
    expect((await post(refunded)).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await orderStatus(t.app, s, order._id)).toBe('refunded'), { timeout: 20_000, interval: 100 });
    expect(await purchased(s)).toBe(0);
    expect((await attemptsOf(order._id))[0]).toMatchObject({ status: 'reversed' });
  });

  it('Settled of another amount than the JWT held grants nothing', async () => {
    const { s, order, payment } = await paidAtCoinflow();
    const res = await post(cf.webhook('Settled', { ...payment, subtotalCents: payment.subtotalCents - 1 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
    expect(await purchased(s)).toBe(0);
  });

  it('each Card Payment Declined weighs a card decline on the shopper, once however often delivered: over the limit no page opens (429)', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const data = await openSession(s, order._id); // 1
    const decline = async () => {
      const declined = await cf.pay({ sessionKey: data.sessionKey, jwtToken: data.jwtToken!, decline: true });
      expect(declined.status).toBe(200);
      const delivery = cf.webhook('Card Payment Declined', declined.payment!);
      expect((await post(delivery)).statusCode).toBe(200);
      // Coinflow delivers it again: counted once.
      expect((await post(delivery)).statusCode).toBe(200);
    };
    for (let i = 0; i < 4; i++) await decline();
    // 1 + 4 declines of 4 = 17: the page may still be asked for again (18). Counted twice each, it would be 33.
    await openSession(s, order._id);
    await decline();
    // 22: over the 20 a shopper may try.
    const refused = await session(s, `gameProvider=${GAME}&orderId=${order._id}`);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'CARD_ATTEMPTS_LIMITED' });
    // The page itself stays open: a decline is not the end of the attempt.
    expect((await attemptsOf(order._id))[0]).toMatchObject({ status: 'challenge' });
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
  });
});

describe("lookup and refund at Coinflow's API", () => {
  it("looks Coinflow's payment up by its id, refunds it once, and says a page is pending until its session key expires", async () => {
    const { order, attemptId, payment } = await paidAtCoinflow();
    expect((await post(cf.webhook('Settled', payment))).statusCode).toBe(200);
    const provider = t.app.paymentProviders.get('coinflow-api')!;
    const request = { paymentId: attemptId, orderId: order._id, transactionId: payment.paymentId };
    expect(await provider.lookup(request)).toEqual({
      status: 'approved',
      transactionId: payment.paymentId,
      amountCents: order.total,
      currency: 'USD',
      card: null,
    });
    // Coinflow's payment is not another attempt's.
    await expect(provider.lookup({ ...request, paymentId: 'another-attempt' })).rejects.toThrow(/not one of this payment's/);

    const refund = { ...request, amountCents: order.total, currency: 'USD' as const };
    expect(await provider.refund(refund)).toEqual({ status: 'refunded', transactionId: payment.paymentId });
    expect(cf.payments.get(payment.paymentId)!.status).toBe('REFUNDED');
    expect(await provider.lookup(request)).toEqual({ status: 'refunded', transactionId: payment.paymentId });
    // Coinflow refuses a second refund (400): declined, with its reason.
    expect(await provider.refund(refund)).toMatchObject({ status: 'declined', reason: expect.stringContaining('not refundable') });

    const page = { paymentId: 'p-1', orderId: order._id, transactionId: 'page:p-1' };
    expect(await provider.lookup({ ...page, startedAt: new Date(Date.now() - 60_000) })).toEqual({
      status: 'pending',
      transactionId: 'page:p-1',
    });
    expect(await provider.lookup({ ...page, startedAt: new Date(Date.now() - 25 * 3_600_000) })).toEqual({ status: 'none' });
    expect(await provider.lookup({ ...page, transactionId: 'no-such-coinflow-payment' })).toEqual({ status: 'none' });
  });
});

describe("the provider's parseWebhook (ADR 044)", () => {
  // Signed by the stand-in with its own HMAC, as Coinflow documents it (never the store's code).
  const payment = {
    paymentId: 'cf-pay-parse-1',
    customerId: 'cust-1',
    subtotalCents: 1299,
    webhookInfo: { paymentId: 'pay-parse-1' },
    status: 'SETTLED' as const,
  };
  // The headers as the route hands them over (Node lowercases their names).
  const asInput = (d: FakeDelivery) => ({
    rawBody: d.body,
    headers: Object.fromEntries(Object.entries(d.headers).map(([name, value]) => [name.toLowerCase(), value])),
  });
  // Whether the provider answers at once or later, a refusal is a rejection here.
  const parse = async (d: FakeDelivery) => t.app.coinflowGateway.provider.parseWebhook(asInput(d));

  it('answers a genuine event as {eventId, type, notification}, a card decline as one to count; refuses a forged one (401)', async () => {
    expect(await parse(cf.webhook('Settled', payment))).toEqual({
      eventId: 'coinflow:Settled:cf-pay-parse-1',
      type: 'Settled',
      notification: {
        transactionId: 'cf-pay-parse-1',
        paymentId: 'pay-parse-1',
        event: 'coinflow:Settled',
        charge: true,
        amountCents: 1299,
        currency: 'USD',
        status: 'approved',
        card: null,
      },
    });
    expect(await parse(cf.webhook('Card Payment Declined', payment))).toEqual({
      eventId: 'coinflow:Card Payment Declined:cf-pay-parse-1',
      type: 'Card Payment Declined',
      notification: null,
      cardDeclined: { paymentId: 'pay-parse-1', transactionId: null },
    });

    await expect(parse(cf.webhook('Settled', payment, { signWith: 'not-the-validation-key', authorization: null }))).rejects.toMatchObject({
      statusCode: 401,
      code: 'BAD_SIGNATURE',
    });
    await expect(
      parse(cf.webhook('Settled', payment, { signature: false, authorization: 'not-the-validation-key' })),
    ).rejects.toMatchObject({ statusCode: 401, code: 'BAD_SIGNATURE' });
  });
});
