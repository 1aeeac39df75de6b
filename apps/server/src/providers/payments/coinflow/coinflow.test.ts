// The storefront as the embedded checkout's merchant (issue 11, ADR 020), against a hosted checkout's
// merchant API on a loopback port (CHECKOUT_API_URL): GET v1/payment/coinflow/session (auth, the known
// distributor, ownership, the order's amount, a rotated key when asked again) and the host's webhook
// (forged, stale, replayed, approved once), and reconciliation by lookup when the webhook is lost.
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinflowSessionResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { as, createShopper, expectLedgerBalanced, type Shopper } from '../../../../test/support/checkout.ts';
import { orderStatus, pendingOrder } from '../../../../test/support/payments.ts';
import { startFakeCheckoutHost, type FakeCheckoutHost } from '../../../../test/support/fake-checkout-host.ts';
import { payments, users } from '../../../db/schema.ts';
import { COINFLOW_WEBHOOK_PATH } from './names.ts';
import { checkoutSignatureHeader } from './signature.ts';
import { saveDistributorKeys } from '../../../modules/settings/index.ts';
import { getWalletCoins } from '../../../modules/wallet/index.ts';
import { reconcilePayments } from '../../../modules/payments/index.ts';

const GAME = 'dragon-slots';
let host: FakeCheckoutHost;
let t: TestApp;
beforeAll(async () => {
  host = await startFakeCheckoutHost();
  t = await buildTestApp(
    {
      CHECKOUT_API_URL: host.url,
      CHECKOUT_MERCHANT_ID: host.merchantId,
      CHECKOUT_MERCHANT_KEY: host.apiKey,
      CHECKOUT_WEBHOOK_SECRET: host.webhookSecret,
    },
    { seedDemo: false },
  );
  await saveDistributorKeys(t.database.db, { [GAME]: 'a-signing-key-of-the-dragon-slots-game-0001' });
});
afterAll(async () => {
  await t.close();
  await host.close();
});

const purchased = async (s: Shopper) => (await getWalletCoins(t.database.db, s.id)).purchasedWallet;
const session = (s: Shopper, query: string) => as(t.app, s, { method: 'GET', url: `/api/v1/payment/coinflow/session?${query}` });
const openSession = async (s: Shopper, orderId?: string) => {
  const res = await session(s, `gameProvider=${GAME}${orderId ? `&orderId=${orderId}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return coinflowSessionResponse.parse(res.json()).data;
};
const post = (delivery: { body: string; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: COINFLOW_WEBHOOK_PATH, headers: delivery.headers, payload: delivery.body });
const attemptsOf = (orderId: string) => t.database.db.select().from(payments).where(eq(payments.orderId, orderId));

describe('GET v1/payment/coinflow/session', () => {
  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/payment/coinflow/session?gameProvider=${GAME}` });
    expect(res.statusCode).toBe(401);
  });

  it('refuses an unknown game provider, naming it, and writes nothing', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const res = await session(s, 'gameProvider=no-such-games');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field: 'gameProvider' });
    expect(res.json().message).toContain('no-such-games');
    expect(await attemptsOf(order._id)).toEqual([]);
  });

  it('refuses an amount from the client (strict query)', async () => {
    const s = await createShopper(t.database.db);
    await pendingOrder(t.app, s);
    const res = await session(s, `gameProvider=${GAME}&amountCents=1`);
    expect(res.statusCode).toBe(400);
  });

  it('404 when the shopper has no pending order', async () => {
    const s = await createShopper(t.database.db);
    const res = await session(s, `gameProvider=${GAME}`);
    expect(res.statusCode).toBe(404);
  });

  it("opens a session of the shopper's latest pending order with the order's amount", async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const data = await openSession(s);
    expect(data).toMatchObject({
      merchantId: host.merchantId,
      checkoutBase: host.url,
      orderId: order._id,
      amountCents: order.total,
      currency: 'USD',
      allowedPaymentMethods: ['card', 'usdc', 'ach'],
    });
    expect(data.blockchains).toEqual(['solana', 'polygon', 'eth', 'base', 'arbitrum']);
    const [attempt] = await attemptsOf(order._id);
    expect(attempt).toMatchObject({ method: 'embedded_checkout', provider: 'coinflow', status: 'challenge', amountCents: order.total });
    const atHost = host.byReference(attempt!.id)!;
    expect(atHost).toMatchObject({ amountCents: order.total, sessionKey: data.sessionKey, customer: { id: s.id, email: s.email } });
    expect(atHost.metadata).toEqual({ orderId: order._id, gameProvider: GAME });
  });

  it("prefills the frame with the shopper's e-mail, names and billing address from their profile", async () => {
    const s = await createShopper(t.database.db, { state: 'IL' });
    await pendingOrder(t.app, s);
    const data = await openSession(s);
    expect(data.email).toBe(s.email);
    expect(data.customerInfo).toEqual({
      firstName: 'Mei',
      lastName: 'Lin',
      address: '8 Jade Road',
      city: 'Springfield',
      state: 'IL',
      zip: '00000',
      country: 'US',
    });
  });

  it('leaves out what the checkout would refuse: a country typed as a name, an empty street', async () => {
    const s = await createShopper(t.database.db, { country: null });
    await t.database.db
      .update(users)
      .set({ address: { street: '', city: 'Leeds', state: '', zipCode: 'LS1 4AP', country: 'United Kingdom' } })
      .where(eq(users.id, s.id));
    await pendingOrder(t.app, s);
    const data = await openSession(s);
    expect(data.email).toBe(s.email);
    expect(data.customerInfo).toEqual({ firstName: 'Mei', lastName: 'Lin', city: 'Leeds', zip: 'LS1 4AP' });
  });

  it("never reaches another shopper's order", async () => {
    const owner = await createShopper(t.database.db);
    const other = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, owner);
    const before = host.sessions.size;
    const res = await session(other, `gameProvider=${GAME}&orderId=${order._id}`);
    expect(res.statusCode).toBe(404);
    expect(host.sessions.size).toBe(before);
    expect(await attemptsOf(order._id)).toEqual([]);
  });

  it('asked again, gives the same session with a new key (the old one replaced), one attempt', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const first = await openSession(s, order._id);
    const second = await openSession(s, order._id);
    expect(second.sessionKey).not.toBe(first.sessionKey);
    const attempts = await attemptsOf(order._id);
    expect(attempts).toHaveLength(1);
    const atHost = host.byReference(attempts[0]!.id)!;
    expect(atHost.keys).toEqual([first.sessionKey, second.sessionKey]);
    expect(atHost.sessionKey).toBe(second.sessionKey);
  });
});

describe('POST v1/payment/coinflow/webhook', () => {
  async function openOrder() {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    await openSession(s, order._id);
    const [attempt] = await attemptsOf(order._id);
    return { s, order, paymentId: attempt!.id };
  }

  it('refuses a forged signature (401) and an unsigned event, changing nothing', async () => {
    const { s, order, paymentId } = await openOrder();
    const delivery = host.event('payment.approved', paymentId);
    const forged = {
      ...delivery,
      headers: { ...delivery.headers, 'x-checkout-signature': checkoutSignatureHeader('not-the-secret-0000000', delivery.body) },
    };
    expect((await post(forged)).statusCode).toBe(401);
    const { 'x-checkout-signature': _, ...unsigned } = delivery.headers;
    expect((await post({ ...delivery, headers: unsigned })).statusCode).toBe(401);
    const tampered = { ...delivery, body: delivery.body.replace(`"amountCents":${order.total}`, '"amountCents":1') };
    expect((await post(tampered)).statusCode).toBe(401);
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
    expect(await purchased(s)).toBe(0);
  });

  it('refuses an event signed more than five minutes ago (400 STALE_NOTIFICATION)', async () => {
    const { s, order, paymentId } = await openOrder();
    const res = await post(host.event('payment.approved', paymentId, new Date(Date.now() - 6 * 60_000)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'STALE_NOTIFICATION' });
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
  });

  it('fulfils the order once on payment.approved; replays and a second event change nothing', async () => {
    const { s, order, paymentId } = await openOrder();
    const delivery = host.pay(paymentId);
    const res = await post(delivery);
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
    const coins = order.coins + order.bonusCoins;
    expect(await purchased(s)).toBe(coins);

    expect((await post(delivery)).statusCode).toBe(200);
    // The host's retry under a new event id: the payment is approved already.
    expect((await post(host.event('payment.approved', paymentId))).statusCode).toBe(200);
    expect(await purchased(s)).toBe(coins);
    await expectLedgerBalanced(t.database.db, order._id);
    const [attempt] = await attemptsOf(order._id);
    expect(attempt).toMatchObject({ status: 'approved', transactionId: host.byReference(paymentId)!.sessionId });

    // Paid: no new session for it.
    const again = await session(s, `gameProvider=${GAME}&orderId=${order._id}`);
    expect(again.statusCode).toBe(409);
  });

  it('payment.declined declines the attempt and fails the order with the decline, as every decline does', async () => {
    const { s, order, paymentId } = await openOrder();
    host.byReference(paymentId)!.status = 'declined';
    const res = await post(host.event('payment.declined', paymentId, new Date(), { code: 'CARD_DECLINED', reason: 'Do not honor' }));
    expect(res.statusCode, res.body).toBe(200);
    const [attempt] = await attemptsOf(order._id);
    expect(attempt).toMatchObject({ status: 'declined', declineReason: 'Do not honor' });
    expect(await purchased(s)).toBe(0);
    expect(await orderStatus(t.app, s, order._id)).toBe('failed');
    expect((await session(s, `gameProvider=${GAME}&orderId=${order._id}`)).statusCode).toBe(409);
    expect(await attemptsOf(order._id)).toHaveLength(1);
  });
});

describe('card attempts in the hosted checkout (issue 21, ADR 031)', () => {
  // app.inject's peer (no TRUST_PROXY) is every test's address here: the per-shopper limit is what counts.
  const PER_SHOPPER = 20;

  it("each card the host declines weighs a whole decline on the shopper; over the limit no session opens and the host holds the shopper's card payments", async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    await openSession(s, order._id); // 1
    const [attempt] = await attemptsOf(order._id);
    const cardDeclined = () =>
      host.event('payment.card_declined', attempt!.id, new Date(), { code: 'CARD_DECLINED', reason: 'Do not honor', final: false });

    // Forged: refused, and not counted.
    const forged = cardDeclined();
    forged.headers['x-checkout-signature'] = checkoutSignatureHeader('not-the-secret-0000000', forged.body);
    expect((await post(forged)).statusCode).toBe(401);
    // Counted once however often the host delivers it.
    const first = cardDeclined();
    expect((await post(first)).statusCode).toBe(200);
    expect((await post(first)).statusCode).toBe(200);
    for (let i = 1; i < 4; i++) expect((await post(cardDeclined())).statusCode).toBe(200);
    // 1 + 4 declines of 4 = 17: the session may still be asked for again (18).
    await openSession(s, order._id);
    expect(host.holds.has(s.id)).toBe(false);
    expect((await attemptsOf(order._id))[0]).toMatchObject({ status: 'challenge' });

    // One more (22): over the limit. The host is told to hold the shopper until the window ends.
    expect((await post(cardDeclined())).statusCode).toBe(200);
    const heldUntil = Date.parse(host.holds.get(s.id)!);
    expect(heldUntil).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect(heldUntil).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
    const refused = await session(s, `gameProvider=${GAME}&orderId=${order._id}`);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'CARD_ATTEMPTS_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(PER_SHOPPER).toBe(t.app.config.CARD_ATTEMPTS_PER_SHOPPER);
  });

  it('a host that does not take the hold stops nothing: the shopper is refused still, and the hold is told at the next attempt', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    await openSession(s, order._id);
    const [attempt] = await attemptsOf(order._id);
    host.failHolds = 1;
    // 1 + 5 declines of 4 = 21: over, and the host is down when told.
    for (let i = 0; i < 5; i++) {
      const delivery = host.event('payment.card_declined', attempt!.id, new Date(), { code: 'CARD_DECLINED' });
      expect((await post(delivery)).statusCode).toBe(200);
    }
    expect(host.failHolds).toBe(0);
    expect(host.holds.has(s.id)).toBe(false);
    const refused = await session(s, `gameProvider=${GAME}&orderId=${order._id}`);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(host.holds.has(s.id)).toBe(true);
  });

  it('a card decline about no attempt of ours is acknowledged and counts nothing', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    await openSession(s, order._id);
    const [attempt] = await attemptsOf(order._id);
    // Six of them would be 24, over the limit, were they counted.
    for (let i = 0; i < 6; i++) {
      const delivery = host.event('payment.card_declined', attempt!.id, new Date(), { code: 'CARD_DECLINED', sessionId: 'cs_not_ours' });
      expect((await post(delivery)).statusCode).toBe(200);
    }
    expect((await session(s, `gameProvider=${GAME}&orderId=${order._id}`)).statusCode).toBe(200);
  });
});

describe('reconciliation when the webhook is lost', () => {
  it('looks the session up by reference and fulfils the order once', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    await openSession(s, order._id);
    const [attempt] = await attemptsOf(order._id);
    host.pay(attempt!.id); // paid at the host; its webhook never arrives
    const deps = { db: t.database.db, providers: t.app.paymentProviders, log: t.app.log, wake: t.app.outbox, payOrder: t.app.payOrder };
    await reconcilePayments(deps, { now: new Date(Date.now() + 16 * 60_000) });
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
    await reconcilePayments(deps, { now: new Date(Date.now() + 32 * 60_000) });
    expect(await purchased(s)).toBe(order.coins + order.bonusCoins);
  });

  it('an expired session fails the attempt (no money moved); the order stays payable', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    await openSession(s, order._id);
    const [attempt] = await attemptsOf(order._id);
    host.byReference(attempt!.id)!.status = 'expired';
    const deps = { db: t.database.db, providers: t.app.paymentProviders, log: t.app.log, wake: t.app.outbox, payOrder: t.app.payOrder };
    await reconcilePayments(deps, { now: new Date(Date.now() + 16 * 60_000) });
    expect((await attemptsOf(order._id))[0]).toMatchObject({ status: 'failed' });
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
  });
});

describe("the provider's parseWebhook (ADR 044)", () => {
  // Signed here with node:crypto as the host signs (issue 11 contract), not with the store's signature.ts.
  const delivery = (type: string, data: Record<string, unknown>, secret = host.webhookSecret, at = new Date()) => {
    const id = `evt_parse_${type}`;
    const rawBody = JSON.stringify({ id, type, createdAt: at.toISOString(), data });
    const t = Math.floor(at.getTime() / 1000);
    const v1 = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
    return { rawBody, headers: { 'x-checkout-signature': `t=${t},v1=${v1}`, 'x-checkout-event-id': id } };
  };
  const data = { sessionId: 'cs_parse_1', reference: 'pay-parse-1', amountCents: 1299, currency: 'USD', method: 'card' };
  const provider = () => t.app.coinflowGateway.provider;

  it('answers a genuine event as {eventId, type, notification}, a card decline as one to count; refuses a forged (401) and a stale one (400)', async () => {
    expect(await provider().parseWebhook(delivery('payment.approved', data))).toEqual({
      eventId: 'evt_parse_payment.approved',
      type: 'payment.approved',
      notification: {
        transactionId: 'cs_parse_1',
        paymentId: 'pay-parse-1',
        event: 'payment.approved:card',
        charge: true,
        amountCents: 1299,
        currency: 'USD',
        status: 'approved',
        card: null,
      },
    });
    expect(await provider().parseWebhook(delivery('payment.card_declined', data))).toEqual({
      eventId: 'evt_parse_payment.card_declined',
      type: 'payment.card_declined',
      notification: null,
      cardDeclined: { paymentId: 'pay-parse-1', transactionId: 'cs_parse_1' },
    });

    await expect(provider().parseWebhook(delivery('payment.approved', data, 'whsec_someone_else'))).rejects.toMatchObject({
      statusCode: 401,
      code: 'BAD_SIGNATURE',
    });
    const genuine = delivery('payment.approved', data);
    await expect(provider().parseWebhook({ ...genuine, rawBody: genuine.rawBody.replace('1299', '1') })).rejects.toMatchObject({
      statusCode: 401,
    });
    await expect(
      provider().parseWebhook(delivery('payment.approved', data, host.webhookSecret, new Date(Date.now() - 6 * 60_000))),
    ).rejects.toMatchObject({ statusCode: 400, code: 'STALE_NOTIFICATION', field: 'x-checkout-signature' });
  });
});
