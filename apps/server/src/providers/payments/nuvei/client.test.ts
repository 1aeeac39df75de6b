import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNuveiClient } from './client.ts';
import { notificationChecksum, transactionDetailsChecksum } from './checksum.ts';
import { startFakeNuvei, type FakeNuvei } from '../../../../test/support/fake-nuvei.ts';

const creds = { merchantId: '4242424242', merchantSiteId: '112233', secretKey: 'fake-nuvei-secret-key' };
let fake: FakeNuvei;
let client: ReturnType<typeof createNuveiClient>;
beforeAll(async () => {
  fake = await startFakeNuvei(creds);
  client = createNuveiClient({ ...creds, baseUrl: fake.baseUrl, notificationUrl: 'http://store.test/api/v1/nuvei/notify' });
});
afterAll(() => fake.close());

const request = (cardToken: string, paymentId = 'pay-1') => ({
  paymentId,
  orderId: 'order-1',
  userId: 'user-1',
  amountCents: 1999,
  currency: 'USD' as const,
  source: { method: 'card' as const, cardToken },
});

describe('Nuvei REST client (against a local server speaking the API)', () => {
  it('initPayment with a session token and checksums, then payment with the 3-D version: approved', async () => {
    const first = await client.start(request('tmp-approve'));
    expect(first).toMatchObject({ status: 'action', action: { kind: 'fingerprint', threeDVersion: '2.2.0' } });
    const initCall = fake.calls.find((c) => c.method === 'initPayment')!;
    expect(initCall.body).toMatchObject({
      amount: '19.99',
      currency: 'USD',
      clientUniqueId: 'pay-1',
      userTokenId: 'user-1',
      paymentOption: { card: { ccTempToken: 'tmp-approve' } },
    });

    const paid = await client.confirm({ ...request('tmp-approve'), transactionId: first.transactionId, threeDVersion: '2.2.0' });
    expect(paid).toMatchObject({
      status: 'approved',
      card: { userPaymentOptionId: '88001', brand: 'visa', last4: '1111', expMonth: 12, expYear: 2034, vaultToken: 'tmp-approve' },
    });
    const payCall = fake.calls.filter((c) => c.method === 'payment').at(-1)!;
    expect(payCall.body).toMatchObject({
      clientUniqueId: 'pay-1',
      relatedTransactionId: first.transactionId,
      paymentOption: { card: { threeD: { version: '2.2.0' } } },
    });
  });

  it('maps REDIRECT to a challenge and declines to their codes', async () => {
    const pay = (token: string) => client.confirm({ ...request(token), transactionId: '1', threeDVersion: '2.2.0' });
    expect(await pay('tmp-challenge')).toMatchObject({
      status: 'action',
      action: { kind: 'challenge', url: 'https://acs.example/challenge' },
    });
    expect(await pay('tmp-insufficient')).toMatchObject({ status: 'declined', code: 'INSUFFICIENT_FUNDS' });
    expect(await pay('tmp-decline')).toMatchObject({ status: 'declined', code: 'CARD_DECLINED' });
  });

  it('verifies a card for zero (payment, transactionType Auth, 0.00) without a challenge; declines map to their codes', async () => {
    const verify = (cardToken: string) => client.verifyCard({ userId: 'user-1', source: { method: 'card', cardToken } });
    expect(await verify('tmp-approve')).toMatchObject({
      status: 'approved',
      card: { userPaymentOptionId: '88001', last4: '1111', vaultToken: 'tmp-approve' },
    });
    const call = fake.calls.at(-1)!;
    expect(call).toMatchObject({
      method: 'payment',
      body: {
        amount: '0.00',
        currency: 'USD',
        transactionType: 'Auth',
        userTokenId: 'user-1',
        paymentOption: { card: { ccTempToken: 'tmp-approve' } },
      },
    });
    expect(await verify('tmp-challenge')).toMatchObject({ status: 'approved' });
    expect(await verify('tmp-insufficient')).toMatchObject({ status: 'declined', code: 'INSUFFICIENT_FUNDS' });
    expect(await verify('tmp-decline')).toMatchObject({ status: 'declined', code: 'CARD_DECLINED' });
  });

  it('refunds with the refund checksum', async () => {
    expect(
      await client.refund({ paymentId: 'pay-refund', orderId: 'order-1', transactionId: '71000', amountCents: 1999, currency: 'USD' }),
    ).toMatchObject({ status: 'refunded' });
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'refundTransaction',
      body: { clientUniqueId: 'pay-refund', relatedTransactionId: '71000', amount: '19.99' },
    });
  });

  it('fails loudly on a wrong secret (the server refuses the checksum)', async () => {
    const wrong = createNuveiClient({ ...creds, secretKey: 'not-the-secret', baseUrl: fake.baseUrl, notificationUrl: 'x' });
    await expect(wrong.start(request('tmp-approve'))).rejects.toThrow(/Invalid checksum/);
  });

  it('accepts a DMN only with the right advanceResponseChecksum, and says what it is about', () => {
    const dmn = {
      totalAmount: '19.99',
      currency: 'USD',
      responseTimeStamp: '2026-11-22.02:30:00',
      PPP_TransactionID: '555',
      Status: 'APPROVED',
      productId: 'order-1',
      TransactionID: '71234',
      clientUniqueId: 'pay-1',
      transactionType: 'Sale',
      userPaymentOptionId: '88001',
      cardCompany: 'Visa',
      cardNumber: '4****1111',
      expMonth: '12',
      expYear: '34',
    };
    const signed = { ...dmn, advanceResponseChecksum: notificationChecksum(dmn, creds.secretKey) };
    expect(client.verifyNotification({ body: signed, query: {}, headers: {} })).toEqual({
      status: 'approved',
      transactionId: '71234',
      paymentId: 'pay-1',
      event: 'Sale',
      charge: true,
      amountCents: 1999,
      currency: 'USD',
      card: { userPaymentOptionId: '88001', vaultToken: '', brand: 'visa', last4: '1111', expMonth: 12, expYear: 2034 },
    });
    expect(client.verifyNotification({ body: { ...signed, totalAmount: '0.01' }, query: {}, headers: {} })).toBeNull();
    const fingerprint = { ...dmn, transactionType: 'InitAuth3D', totalAmount: '0.00' };
    expect(
      client.verifyNotification({
        body: { ...fingerprint, advanceResponseChecksum: notificationChecksum(fingerprint, creds.secretKey) },
        query: {},
        headers: {},
      }),
    ).toMatchObject({
      status: 'approved',
      event: 'InitAuth3D',
      charge: false,
      amountCents: 0,
    });
    const declined = { ...dmn, Status: 'DECLINED', Reason: 'Insufficient Funds' };
    expect(
      client.verifyNotification({
        body: {},
        query: { ...declined, advanceResponseChecksum: notificationChecksum(declined, creds.secretKey) },
        headers: {},
      }),
    ).toMatchObject({
      status: 'declined',
      code: 'INSUFFICIENT_FUNDS',
      paymentId: 'pay-1',
    });
  });
});

describe('getTransactionDetails: what Nuvei recorded for a payment id (recovery)', () => {
  const lookup = (paymentId: string) => client.lookup({ paymentId, orderId: 'order-1', transactionId: null });

  it('asks by clientUniqueId with the checksum of its fields; nothing recorded is none', async () => {
    expect(await lookup('pay-never-sent')).toEqual({ status: 'none' });
    const call = fake.calls.at(-1)!;
    expect(call.method).toBe('getTransactionDetails');
    expect(call.body).toMatchObject({
      merchantId: creds.merchantId,
      merchantSiteId: creds.merchantSiteId,
      clientUniqueId: 'pay-never-sent',
    });
    expect(call.body.checksum).toBe(transactionDetailsChecksum(call.body as never, creds.secretKey));
    const wrong = createNuveiClient({ ...creds, secretKey: 'not-the-secret', baseUrl: fake.baseUrl, notificationUrl: 'x' });
    await expect(wrong.lookup({ paymentId: 'pay-never-sent', orderId: 'order-1', transactionId: null })).rejects.toThrow(
      /Invalid checksum/,
    );
  });

  it('the fingerprint alone moved no money; the sale after it is the answer', async () => {
    const first = await client.start(request('tmp-approve', 'pay-lookup-1'));
    expect(await lookup('pay-lookup-1')).toEqual({ status: 'none' });
    const paid = await client.confirm({
      ...request('tmp-approve', 'pay-lookup-1'),
      transactionId: first.transactionId,
      threeDVersion: '2.2.0',
    });
    expect(await lookup('pay-lookup-1')).toEqual({
      status: 'approved',
      transactionId: paid.transactionId,
      amountCents: 1999,
      currency: 'USD',
      card: { userPaymentOptionId: '88001', vaultToken: '', brand: 'visa', last4: '1111', expMonth: 12, expYear: 2034 },
    });
    await client.refund({
      paymentId: 'pay-lookup-1',
      orderId: 'order-1',
      transactionId: paid.transactionId,
      amountCents: 1999,
      currency: 'USD',
    });
    expect(await lookup('pay-lookup-1')).toMatchObject({ status: 'refunded' });
  });

  it('an open challenge stays pending until the shopper answers it', async () => {
    const first = await client.start(request('tmp-challenge', 'pay-lookup-2'));
    const pay = await client.confirm({
      ...request('tmp-challenge', 'pay-lookup-2'),
      transactionId: first.transactionId,
      threeDVersion: '2.2.0',
    });
    expect(await lookup('pay-lookup-2')).toEqual({ status: 'pending', transactionId: pay.transactionId });
    fake.completeChallenge(pay.transactionId, true);
    expect(await lookup('pay-lookup-2')).toMatchObject({ status: 'approved', transactionId: pay.transactionId, amountCents: 1999 });

    const again = await client.start(request('tmp-challenge', 'pay-lookup-3'));
    const failing = await client.confirm({
      ...request('tmp-challenge', 'pay-lookup-3'),
      transactionId: again.transactionId,
      threeDVersion: '2.2.0',
    });
    fake.completeChallenge(failing.transactionId, false);
    expect(await lookup('pay-lookup-3')).toMatchObject({ status: 'declined', transactionId: failing.transactionId, code: 'CARD_DECLINED' });
  });

  it('a declined sale is declined with its code', async () => {
    const first = await client.start(request('tmp-insufficient', 'pay-lookup-4'));
    await client.confirm({
      ...request('tmp-insufficient', 'pay-lookup-4'),
      transactionId: first.transactionId,
      threeDVersion: '2.2.0',
    });
    expect(await lookup('pay-lookup-4')).toMatchObject({ status: 'declined', code: 'CARD_DECLINED' });
  });
});
