import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNuveiClient } from './client.ts';
import { notificationChecksum } from './checksum.ts';
import { startFakeNuvei, type FakeNuvei } from './fake-nuvei.ts';

const creds = { merchantId: '4242424242', merchantSiteId: '112233', secretKey: 'fake-nuvei-secret-key' };
let fake: FakeNuvei;
let client: ReturnType<typeof createNuveiClient>;
beforeAll(async () => {
  fake = await startFakeNuvei(creds);
  client = createNuveiClient({ ...creds, baseUrl: fake.baseUrl, notificationUrl: 'http://store.test/api/v1/nuvei/notify' });
});
afterAll(() => fake.close());

const request = (cardToken: string) => ({ orderId: 'order-1', userId: 'user-1', amountCents: 1999, currency: 'USD' as const, card: { kind: 'token' as const, cardToken } });

describe('Nuvei REST client (against a local server speaking the API)', () => {
  it('initPayment with a session token and checksums, then payment with the 3-D version: approved', async () => {
    const first = await client.init(request('tmp-approve'));
    expect(first).toMatchObject({ status: 'threeD', threeDVersion: '2.2.0' });
    const initCall = fake.calls.find((c) => c.method === 'initPayment')!;
    expect(initCall.body).toMatchObject({ amount: '19.99', currency: 'USD', clientUniqueId: 'order-1', userTokenId: 'user-1', paymentOption: { card: { ccTempToken: 'tmp-approve' } } });

    const paid = await client.payFirst({ ...request('tmp-approve'), relatedTransactionId: first.transactionId, threeDVersion: '2.2.0' });
    expect(paid).toMatchObject({ status: 'approved', card: { userPaymentOptionId: '88001', brand: 'visa', last4: '1111', expMonth: 12, expYear: 2034, vaultToken: 'tmp-approve' } });
    const payCall = fake.calls.filter((c) => c.method === 'payment').at(-1)!;
    expect(payCall.body).toMatchObject({ relatedTransactionId: first.transactionId, paymentOption: { card: { threeD: { version: '2.2.0' } } } });
  });

  it('maps REDIRECT to a challenge and declines to their codes', async () => {
    const pay = (token: string) => client.payFirst({ ...request(token), relatedTransactionId: '1', threeDVersion: '2.2.0' });
    expect(await pay('tmp-challenge')).toMatchObject({ status: 'challenge', challengeUrl: 'https://acs.example/challenge' });
    expect(await pay('tmp-insufficient')).toMatchObject({ status: 'declined', code: 'INSUFFICIENT_FUNDS' });
    expect(await pay('tmp-decline')).toMatchObject({ status: 'declined', code: 'CARD_DECLINED' });
  });

  it('verifies a card for zero (payment, transactionType Auth, 0.00) without a challenge; declines map to their codes', async () => {
    const verify = (cardToken: string) => client.verifyCard({ userId: 'user-1', card: { kind: 'token', cardToken } });
    expect(await verify('tmp-approve')).toMatchObject({ status: 'approved', card: { userPaymentOptionId: '88001', last4: '1111', vaultToken: 'tmp-approve' } });
    const call = fake.calls.at(-1)!;
    expect(call).toMatchObject({ method: 'payment', body: { amount: '0.00', currency: 'USD', transactionType: 'Auth', userTokenId: 'user-1', paymentOption: { card: { ccTempToken: 'tmp-approve' } } } });
    expect(await verify('tmp-challenge')).toMatchObject({ status: 'approved' });
    expect(await verify('tmp-insufficient')).toMatchObject({ status: 'declined', code: 'INSUFFICIENT_FUNDS' });
    expect(await verify('tmp-decline')).toMatchObject({ status: 'declined', code: 'CARD_DECLINED' });
  });

  it('refunds with the refund checksum', async () => {
    expect(await client.refund({ orderId: 'order-1', transactionId: '71000', amountCents: 1999, currency: 'USD' })).toMatchObject({ status: 'refunded' });
  });

  it('fails loudly on a wrong secret (the server refuses the checksum)', async () => {
    const wrong = createNuveiClient({ ...creds, secretKey: 'not-the-secret', baseUrl: fake.baseUrl, notificationUrl: 'x' });
    await expect(wrong.init(request('tmp-approve'))).rejects.toThrow(/Invalid checksum/);
  });

  it('accepts a DMN only with the right advanceResponseChecksum', () => {
    const dmn = {
      totalAmount: '19.99', currency: 'USD', responseTimeStamp: '2026-11-22.02:30:00', PPP_TransactionID: '555', Status: 'APPROVED', productId: 'order-1',
      TransactionID: '71234', clientUniqueId: 'order-1', userPaymentOptionId: '88001', cardCompany: 'Visa', cardNumber: '4****1111', expMonth: '12', expYear: '34',
    };
    const signed = { ...dmn, advanceResponseChecksum: notificationChecksum(dmn, creds.secretKey) };
    expect(client.verifyNotification({ body: signed, query: {}, headers: {} })).toMatchObject({
      status: 'approved', transactionId: '71234', orderId: 'order-1', card: { userPaymentOptionId: '88001', last4: '1111' },
    });
    expect(client.verifyNotification({ body: { ...signed, totalAmount: '0.01' }, query: {}, headers: {} })).toBeNull();
    const declined = { ...dmn, Status: 'DECLINED', Reason: 'Insufficient Funds' };
    expect(client.verifyNotification({ body: {}, query: { ...declined, advanceResponseChecksum: notificationChecksum(declined, creds.secretKey) }, headers: {} })).toMatchObject({
      status: 'declined', code: 'INSUFFICIENT_FUNDS',
    });
  });
});
