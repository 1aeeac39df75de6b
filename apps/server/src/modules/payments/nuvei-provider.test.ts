// The same API with the real Nuvei client configured (NUVEI_* set), talking to a local server that
// speaks Nuvei's API: the routes do not care which provider is behind the adapter.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { payments } from '../../db/schema.ts';
// DMNs signed with Nuvei's documented formula (the sandboxes' own rules, ADR 039), not the client's.
import { dmnChecksum } from '../../../test/support/payments.ts';
import { startFakeNuvei, type FakeNuvei } from '../../../test/support/fake-nuvei.ts';
import { as, createShopper, expectLedgerBalanced, ledgerSumForOrder } from '../../../test/support/checkout.ts';
import { IN_FLIGHT_STALE_MS } from './reconcile.ts';
import { getCards, init, orderStatus, paymentFirst, pendingOrder, SANDBOX_CARDS } from '../../../test/support/payments.ts';
import { tokenizeCard } from '../../../test/support/vault.ts';

const creds = { merchantId: '4242424242', merchantSiteId: '112233', secretKey: 'fake-nuvei-secret-key' };
let fake: FakeNuvei;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeNuvei(creds);
  t = await buildTestApp(
    {
      NUVEI_MERCHANT_ID: creds.merchantId,
      NUVEI_MERCHANT_SITE_ID: creds.merchantSiteId,
      NUVEI_SECRET_KEY: creds.secretKey,
      NUVEI_BASE_URL: fake.baseUrl,
    },
    { seedDemo: false },
  );
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('payments through the Nuvei client', () => {
  it('init (fingerprint) then payment/first approved: fulfilled and the card saved', async () => {
    expect(t.app.paymentProviders.forMethod('card')?.name).toBe('nuvei');
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const step1 = await init(t.app, s, {
      orderId: order._id,
      cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless),
      saveCard: true,
    });
    expect(step1.statusCode, step1.body).toBe(200);
    expect(step1.json().data.card).toBeUndefined();
    const { transactionId, paymentOption } = step1.json().data;
    const step2 = await paymentFirst(t.app, s, {
      orderId: order._id,
      version: paymentOption.card.threeD.version,
      relatedTransactionId: transactionId,
    });
    expect(step2.statusCode, step2.body).toBe(200);
    expect(step2.json().data).toMatchObject({
      redirect: false,
      orderStatus: 'fulfilled',
      card: { userPaymentOptionId: '88001', last4: '1111' },
    });
    expect((await getCards(t.app, s)).map((c) => c.userPaymentOptionId)).toEqual(['88001']);
    await expectLedgerBalanced(t.database.db, order._id);
  });

  it('a challenge ends with a checksummed DMN at /api/v1/nuvei/notify', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const step1 = (await init(t.app, s, { orderId: order._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.challenge) })).json().data;
    const step2 = await paymentFirst(t.app, s, { orderId: order._id, version: '2.2.0', relatedTransactionId: step1.transactionId });
    expect(step2.json().data).toMatchObject({ redirect: true, url: 'https://acs.example/challenge' });
    const dmn = saleDmn(order, step2.json().data.transactionId, lastClientUniqueId());
    const forged = await notify({ ...dmn, advanceResponseChecksum: 'f'.repeat(64) });
    expect(forged.statusCode).toBe(401);
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
    const genuine = await notify(signed(dmn));
    expect(genuine.statusCode, genuine.body).toBe(200);
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
  });

  it('an APPROVED DMN for the InitAuth3D step, or for another amount, is acknowledged and approves nothing', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const cardToken = await tokenizeCard(t.app, SANDBOX_CARDS.frictionless);
    const step1 = (await init(t.app, s, { orderId: order._id, cardToken })).json().data;
    const paymentId = lastClientUniqueId();
    // Right after init the payment holds the initPayment transaction, which charged nothing.
    const fingerprint = await notify(signed({ ...saleDmn(order, step1.transactionId, paymentId), transactionType: 'InitAuth3D' }));
    expect(fingerprint.statusCode, fingerprint.body).toBe(200);
    const cheaper = await notify(signed({ ...saleDmn(order, step1.transactionId, paymentId), totalAmount: '0.01' }));
    expect(cheaper.statusCode, cheaper.body).toBe(200);
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
    expect((await paymentRow(paymentId)).status).toBe('initiated');
    expect(await ledgerSumForOrder(t.database.db, order._id)).toBe(0);
    // The payment goes on as usual.
    const step2 = await paymentFirst(t.app, s, {
      orderId: order._id,
      version: '2.2.0',
      relatedTransactionId: step1.transactionId,
      cardToken,
    });
    expect(step2.json().data).toMatchObject({ redirect: false, orderStatus: 'fulfilled' });
    await expectLedgerBalanced(t.database.db, order._id);
  });

  it('a challenge approved at the bank whose DMN never came is found by getTransactionDetails and fulfilled', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const step1 = (await init(t.app, s, { orderId: order._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.challenge) })).json().data;
    const step2 = (await paymentFirst(t.app, s, { orderId: order._id, version: '2.2.0', relatedTransactionId: step1.transactionId })).json()
      .data;
    const paymentId = lastClientUniqueId();
    fake.completeChallenge(step2.transactionId, true);
    await t.app.outbox.drain();
    // Younger than the 3-D Secure steps may take: nobody asks yet.
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
    await t.database.db
      .update(payments)
      .set({ updatedAt: new Date(Date.now() - IN_FLIGHT_STALE_MS - 60_000) })
      .where(eq(payments.id, paymentId));
    await t.app.outbox.drain();
    expect(fake.calls.some((c) => c.method === 'getTransactionDetails' && c.body.clientUniqueId === paymentId)).toBe(true);
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'approved', transactionId: step2.transactionId });
    await expectLedgerBalanced(t.database.db, order._id);
    expect(await ledgerSumForOrder(t.database.db, order._id)).toBe(order.coins + order.bonusCoins);
  });
});

/** Our payment id as Nuvei got it (clientUniqueId of the last payment request). */
const lastClientUniqueId = () =>
  String(fake.calls.filter((c) => c.method === 'initPayment' || c.method === 'payment').at(-1)!.body.clientUniqueId);

const paymentRow = async (id: string) => (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;

/** A DMN for a sale of the order's amount, as Nuvei sends it (checksum added by signed()). */
const saleDmn = (order: { _id: string; total: number }, transactionId: string, clientUniqueId: string): Record<string, string> => ({
  totalAmount: (order.total / 100).toFixed(2),
  currency: 'USD',
  responseTimeStamp: '2026-11-22.02:30:00',
  PPP_TransactionID: '555',
  Status: 'APPROVED',
  productId: order._id,
  TransactionID: transactionId,
  clientUniqueId,
  transactionType: 'Sale',
});

const signed = (dmn: Record<string, string>) => ({ ...dmn, advanceResponseChecksum: dmnChecksum(dmn, creds.secretKey) });

const notify = (dmn: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/nuvei/notify',
    payload: new URLSearchParams(dmn).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe("the card's billing ZIP (issue 24)", () => {
  const zipOfProfile = async (s: Awaited<ReturnType<typeof createShopper>>) =>
    (await as(t.app, s, { method: 'GET', url: '/api/v1/getuser' })).json().data.address.zipCode;
  const billingZipSent = (method: string) => {
    const call = fake.calls.filter((c) => c.method === method).at(-1)!;
    return (call.body.billingAddress as { zip?: string }).zip;
  };

  it("sends the ZIP typed beside the card as Nuvei's billingAddress.zip, and keeps it on the profile", async () => {
    const s = await createShopper(t.database.db, { state: 'TX' });
    const order = await pendingOrder(t.app, s);
    const step1 = await init(t.app, s, {
      orderId: order._id,
      cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless),
      billingZip: '78701',
    });
    expect(step1.statusCode, step1.body).toBe(200);
    expect(billingZipSent('initPayment')).toBe('78701');
    expect(await zipOfProfile(s)).toBe('78701');
    // The next step reads the profile again: the same ZIP.
    const step2 = await paymentFirst(t.app, s, {
      orderId: order._id,
      version: step1.json().data.paymentOption.card.threeD.version,
      relatedTransactionId: step1.json().data.transactionId,
    });
    expect(step2.statusCode, step2.body).toBe(200);
    expect(billingZipSent('payment')).toBe('78701');
  });

  it('refuses a ZIP of the wrong shape for the billing country with 400 naming billingZip; nothing is written', async () => {
    const s = await createShopper(t.database.db, { state: 'TX' });
    const order = await pendingOrder(t.app, s);
    const before = fake.calls.length;
    for (const billingZip of ['SW1A 1AA', '7870']) {
      const res = await init(t.app, s, {
        orderId: order._id,
        cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless),
        billingZip,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, field: 'billingZip' });
    }
    const symbols = await init(t.app, s, {
      orderId: order._id,
      cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless),
      billingZip: '78<701>',
    });
    expect(symbols.statusCode, symbols.body).toBe(400);
    expect(symbols.body).toContain('billingZip');
    expect(fake.calls.length).toBe(before);
    expect(await zipOfProfile(s)).toBe('00000');
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
  });
});
