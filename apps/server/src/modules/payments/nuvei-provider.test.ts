// The same API with the real Nuvei client configured (NUVEI_* set), talking to a local server that
// speaks Nuvei's API: the routes do not care which provider is behind the adapter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { notificationChecksum } from '../../providers/payments/nuvei/checksum.ts';
import { startFakeNuvei, type FakeNuvei } from '../../providers/payments/nuvei/fake-nuvei.ts';
import { createShopper, expectLedgerBalanced } from '../checkout/testing.ts';
import { getCards, init, orderStatus, paymentFirst, pendingOrder } from './testing.ts';

const creds = { merchantId: '4242424242', merchantSiteId: '112233', secretKey: 'fake-nuvei-secret-key' };
let fake: FakeNuvei;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeNuvei(creds);
  t = await buildTestApp(
    { NUVEI_MERCHANT_ID: creds.merchantId, NUVEI_MERCHANT_SITE_ID: creds.merchantSiteId, NUVEI_SECRET_KEY: creds.secretKey, NUVEI_BASE_URL: fake.baseUrl },
    { seedDemo: false },
  );
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('payments through the Nuvei client', () => {
  it('init (fingerprint) then payment/first approved: fulfilled and the card saved', async () => {
    expect(t.app.paymentProvider.name).toBe('nuvei');
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const step1 = await init(t.app, s, { orderId: order._id, cardToken: 'tmp-approve-token', saveCard: true });
    expect(step1.statusCode, step1.body).toBe(200);
    expect(step1.json().data.card).toBeUndefined();
    const { transactionId, paymentOption } = step1.json().data;
    const step2 = await paymentFirst(t.app, s, { orderId: order._id, version: paymentOption.card.threeD.version, relatedTransactionId: transactionId });
    expect(step2.statusCode, step2.body).toBe(200);
    expect(step2.json().data).toMatchObject({ redirect: false, orderStatus: 'fulfilled', card: { userPaymentOptionId: '88001', last4: '1111' } });
    expect((await getCards(t.app, s)).map((c) => c.userPaymentOptionId)).toEqual(['88001']);
    await expectLedgerBalanced(t.database.db, order._id);
  });

  it('a challenge ends with a checksummed DMN at /api/v1/nuvei/notify', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const step1 = (await init(t.app, s, { orderId: order._id, cardToken: 'tmp-challenge-token' })).json().data;
    const step2 = await paymentFirst(t.app, s, { orderId: order._id, version: '2.2.0', relatedTransactionId: step1.transactionId });
    expect(step2.json().data).toMatchObject({ redirect: true, url: 'https://acs.example/challenge' });
    const dmn = {
      totalAmount: (order.total / 100).toFixed(2), currency: 'USD', responseTimeStamp: '2026-11-22.02:30:00', PPP_TransactionID: '555', Status: 'APPROVED',
      productId: order._id, TransactionID: step2.json().data.transactionId, clientUniqueId: order._id,
    };
    const forged = await t.app.inject({ method: 'POST', url: '/api/v1/nuvei/notify', payload: new URLSearchParams({ ...dmn, advanceResponseChecksum: 'f'.repeat(64) }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(forged.statusCode).toBe(401);
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
    const genuine = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nuvei/notify',
      payload: new URLSearchParams({ ...dmn, advanceResponseChecksum: notificationChecksum(dmn, creds.secretKey) }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(genuine.statusCode, genuine.body).toBe(200);
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
  });
});
