// Every checksum our Nuvei clients send, proved against sources independent of our code (ADR 039):
// a local HTTP server stands in for Nuvei and only records what arrives (it checks nothing, so each
// request reaches it exactly as built); each request's checksum is then compared with
//   - Nuvei's own Node SDK (npm `safecharge` 1.0.1) signing the same fields, for the calls it covers
//     (test/support/safecharge-oracle.ts: its own concatenation, its HTTP layer captured, no network);
//   - the order Nuvei's Java / PHP SDKs or its documentation publish, written out beside the test, for
//     the calls the Node SDK does not cover (addUPOAPM, payout, getTransactionDetails).
// The sandboxes' own rules (sandbox/checksum-rules.ts) are held to the same SDK, and the DMN and Payment
// Page checksums our clients accept or build are built here from the documented formulas.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sdkChecksum, type SdkSignedCall } from '../../../../test/support/safecharge-oracle.ts';
import type { Payer } from '@store/server-kit';
import { createNuveiAchClient } from './ach/client.ts';
import { createNuveiCashierClient } from './cashier/client.ts';
import { createNuveiClient } from './client.ts';
import { dmnChecksum, expectedChecksum, paymentPageChecksumMatches } from './sandbox/checksum-rules.ts';

const account = { merchantId: '7228839313016442768', merchantSiteId: '117711', secretKey: 'oracle-secret-Ωkey' };
const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

type Body = Record<string, unknown>;
const received: { method: string; body: Body }[] = [];
let server: http.Server;
let baseUrl: string;

/** What Nuvei would answer, enough for each client to go on; nothing is checked here. */
function answer(method: string, b: Body): Body {
  switch (method) {
    case 'getSessionToken':
      return { status: 'SUCCESS', errCode: 0, sessionToken: 'session-1' };
    case 'initPayment':
      return {
        status: 'SUCCESS',
        transactionStatus: 'APPROVED',
        transactionId: '711',
        paymentOption: { card: { threeD: { version: '2.2.0' } } },
      };
    case 'payment':
      return (b.paymentOption as Body | undefined)?.card
        ? {
            status: 'SUCCESS',
            transactionStatus: 'APPROVED',
            transactionId: '712',
            paymentOption: {
              userPaymentOptionId: '88001',
              card: { ccCardNumber: '4****1111', ccExpMonth: '12', ccExpYear: '34', cardBrand: 'VISA' },
            },
          }
        : { status: 'SUCCESS', transactionStatus: 'PENDING', transactionId: '713' };
    case 'refundTransaction':
    case 'voidTransaction':
    case 'payout':
      return { status: 'SUCCESS', transactionStatus: 'APPROVED', transactionId: '714' };
    case 'getTransactionDetails':
      return { status: 'ERROR', errCode: 9146, reason: 'No transaction details returned for the provided ID' };
    case 'addUPOAPM':
      return { status: 'SUCCESS', errCode: 0, userPaymentOptionId: 555001 };
    case 'deleteUPO':
      return { status: 'SUCCESS', errCode: 0 };
  }
  return { status: 'ERROR', errCode: 1000, reason: 'General Error' };
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const method = /\/(\w+)\.do$/.exec(req.url ?? '')?.[1] ?? '';
      const body = JSON.parse(raw || '{}') as Body;
      received.push({ method, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer(method, body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ppp/api/v1`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const notificationUrl = 'http://store.test/api/v1/nuvei/notify';
const payer: Payer = { ipAddress: '203.0.113.7', firstName: 'Mei', lastName: 'Lin', email: 'mei@example.com', country: 'US' };
/** The card client with a relay that passes the body through as built: checksums never cover the card. */
const cardClient = () =>
  createNuveiClient({
    ...account,
    baseUrl,
    notificationUrl,
    timeoutMs: 15_000,
    relay: async (request) => {
      const res = await fetch(request.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: request.body });
      return { status: res.status, contentType: 'application/json', body: await res.text() };
    },
  });
const achClient = () => createNuveiAchClient({ ...account, baseUrl, notificationUrl, timeoutMs: 15_000 });

/** Runs `act` and answers the requests it sent. */
async function sent(act: () => Promise<unknown>) {
  const from = received.length;
  await act();
  return received.slice(from);
}

const cardRequest = (paymentId: string) => ({
  paymentId,
  orderId: 'order-1',
  userId: 'user-ü-1',
  payerName: 'Mei Lin',
  amountCents: 1999,
  currency: 'USD' as const,
  source: { method: 'card' as const, cardToken: 'tok_1' },
  payer,
});

describe("the checksums our clients send equal Nuvei's Node SDK's for the same fields", () => {
  it('the card client: getSessionToken, initPayment, payment (3-D Secure and the zero-amount Auth), refundTransaction', async () => {
    const client = cardClient();
    const calls = await sent(async () => {
      const started = await client.start(cardRequest('pay-card-1'));
      await client.confirm({ ...cardRequest('pay-card-1'), transactionId: started.transactionId, threeDVersion: '2.2.0' });
      await client.verifyCard!({ userId: 'user-ü-1', payerName: 'Mei Lin', source: { method: 'card', cardToken: 'tok_2' } });
      await client.refund({ paymentId: 'pay-card-1', orderId: 'order-1', transactionId: '712', amountCents: 1999, currency: 'USD' });
    });
    const methods = calls.map((c) => c.method);
    expect(methods).toEqual(expect.arrayContaining(['getSessionToken', 'initPayment', 'payment', 'refundTransaction']));
    expect(methods.filter((m) => m === 'payment')).toHaveLength(2);
    for (const { method, body } of calls) {
      expect(body.merchantId).toBe(account.merchantId);
      expect(body.merchantSiteId).toBe(account.merchantSiteId);
      expect(body.checksum, method).toBe(sdkChecksum(method as SdkSignedCall, body, account));
    }
  });

  it('the ACH client: getSessionToken and payment (the bank debit), refundTransaction, voidTransaction, deleteUPO', async () => {
    const client = achClient();
    const calls = await sent(async () => {
      await client.start({ ...cardRequest('pay-ach-1'), source: { method: 'bank_account', userPaymentOptionId: '555001' } });
      // A refund the fake approves; then a void, as the client sends for a pending debit.
      await client.refund({ paymentId: 'pay-ach-1', orderId: 'order-1', transactionId: '713', amountCents: 1999, currency: 'USD' });
      await client.removeBankAccount({ userId: 'user-ü-1', userPaymentOptionId: '555001' });
    });
    const covered = calls.filter((c) => c.method !== 'getTransactionDetails');
    expect(covered.map((c) => c.method)).toEqual(['getSessionToken', 'payment', 'refundTransaction', 'deleteUPO']);
    for (const { method, body } of covered) expect(body.checksum, method).toBe(sdkChecksum(method as SdkSignedCall, body, account));
    // voidTransaction, signed as the SDK signs it, is what a pending debit's refund turns into.
    const voided = await sent(() =>
      createNuveiAchClient({
        ...account,
        baseUrl,
        notificationUrl,
        fetch: async (url, init) =>
          String(url).endsWith('/refundTransaction.do')
            ? new Response(JSON.stringify({ status: 'SUCCESS', transactionStatus: 'DECLINED', transactionId: '0' }))
            : fetch(url, init),
      }).refund({ paymentId: 'pay-ach-1', orderId: 'order-1', transactionId: '713', amountCents: 1999, currency: 'USD' }),
    );
    const call = voided.find((c) => c.method === 'voidTransaction')!;
    expect(call.body.checksum).toBe(sdkChecksum('voidTransaction', call.body, account));
  });

  it("the cashier's deleteUPO (a card saved on the Payment Page)", async () => {
    const cashier = createNuveiCashierClient({
      ...account,
      baseUrl,
      pageUrl: 'https://ppp-test.safecharge.com/ppp/purchase.do',
      notificationUrl,
      storeUrl: 'http://store.test',
    });
    const [call] = await sent(() => cashier.removeSavedCard({ userId: 'user-ü-1', userPaymentOptionId: '88001' }));
    expect(call!.method).toBe('deleteUPO');
    expect(call!.body.checksum).toBe(sdkChecksum('deleteUPO', call!.body, account));
  });
});

describe('the calls the Node SDK does not cover follow the order Nuvei publishes', () => {
  it('addUPOAPM: merchantId, merchantSiteId, userTokenId, clientRequestId, paymentMethodName, apmData values, billingAddress values, timeStamp', async () => {
    // Order: nuvei-server-java ChecksumUtils ADD_CASHIER_APM; nuvei-server-php UserPaymentOptions::addUPOAPM.
    // apmData's values in the order the request carries them: PHP Utils::arrayToString flattens the array
    // as given; Java appends its Map's values in iteration order, the order it serialises them in.
    const [call] = await sent(() =>
      achClient().addBankAccount({
        userId: 'user-ü-1',
        payerName: 'Mei Lin',
        account: { routingNumber: '011000015', accountNumber: '1000000001', accountType: 'savings' },
      }),
    );
    const b = call!.body as Record<string, string> & { apmData: Record<string, string>; billingAddress?: Record<string, string> };
    expect(call!.method).toBe('addUPOAPM');
    expect(b.paymentMethodName).toBe('apmgw_ACH');
    const apmValues = Object.values(b.apmData).join('');
    expect(apmValues).toContain('1000000001');
    const billing = Object.values(b.billingAddress ?? {}).join('');
    expect(b.checksum).toBe(
      sha256(
        b.merchantId +
          b.merchantSiteId +
          b.userTokenId +
          b.clientRequestId +
          b.paymentMethodName +
          apmValues +
          billing +
          b.timeStamp +
          account.secretKey,
      ),
    );
    // The order before issue 22 (clientRequestId before userTokenId, apmData left out) is not it.
    expect(b.checksum).not.toBe(
      sha256(b.merchantId + b.merchantSiteId + b.clientRequestId + b.userTokenId + b.paymentMethodName + b.timeStamp + account.secretKey),
    );
  });

  it('payout: merchantId, merchantSiteId, clientRequestId, amount, currency, timeStamp; with billingAddress and deviceDetails.ipAddress', async () => {
    // Order: nuvei-server-java PayoutRequest (API_GENERIC_CHECKSUM_MAPPING); nuvei-server-php Payments/Payout::payout.
    const calls = await sent(() =>
      achClient().payout({
        idempotencyKey: 'cashout-1',
        userId: 'user-ü-1',
        userPaymentOptionId: '555001',
        amountCents: 2050,
        currency: 'USD',
        payer,
      }),
    );
    const b = calls.find((c) => c.method === 'payout')!.body as Record<string, string>;
    expect(b.checksum).toBe(
      sha256(b.merchantId + b.merchantSiteId + b.clientRequestId + b.amount + b.currency + b.timeStamp + account.secretKey),
    );
    expect(b).toMatchObject({
      amount: '20.50',
      billingAddress: { firstName: 'Mei', lastName: 'Lin', email: 'mei@example.com', country: 'US' },
      deviceDetails: { ipAddress: payer.ipAddress },
    });
  });

  it('getTransactionDetails: merchantId, merchantSiteId, transactionId, clientUniqueId, timeStamp', async () => {
    // Order: Nuvei's REST API v1 reference, getTransactionDetails (no Nuvei SDK has the call; ADR 039).
    const calls = await sent(async () => {
      await cardClient().lookup({ paymentId: 'pay-card-9', orderId: 'order-9', transactionId: null });
      await achClient().lookup({ paymentId: 'pay-ach-9', orderId: 'order-9', transactionId: null });
    });
    expect(calls).toHaveLength(2);
    for (const { body } of calls) {
      const b = body as Record<string, string>;
      expect(b.checksum).toBe(
        sha256(b.merchantId + b.merchantSiteId + (b.transactionId ?? '') + (b.clientUniqueId ?? '') + b.timeStamp + account.secretKey),
      );
    }
  });
});

describe('what our clients accept and build, from the documented formulas', () => {
  it("accepts a DMN whose advanceResponseChecksum is Nuvei's (secret, totalAmount, currency, responseTimeStamp, PPP_TransactionID, Status, productId)", () => {
    // Nuvei's "Payment DMNs" page; its PrestaShop module's checkAdvancedCheckSum.
    const fields = {
      totalAmount: '19.99',
      currency: 'USD',
      responseTimeStamp: '2026-11-28.10:00:00',
      PPP_TransactionID: '5551',
      Status: 'APPROVED',
      productId: 'Order 1',
    };
    const documented = sha256(account.secretKey + '19.99' + 'USD' + '2026-11-28.10:00:00' + '5551' + 'APPROVED' + 'Order 1');
    expect(dmnChecksum(fields, account.secretKey)).toBe(documented);
    const body = {
      ...fields,
      TransactionID: '712',
      clientUniqueId: 'pay-card-1',
      transactionType: 'Sale',
      advanceResponseChecksum: documented,
    };
    expect(cardClient().verifyNotification({ body, query: {}, headers: {} })).toMatchObject({ status: 'approved', transactionId: '712' });
    const ach = { ...body, payment_method: 'apmgw_ACH' };
    expect(achClient().verifyNotification({ body: ach, query: {}, headers: {} })).toMatchObject({ status: 'approved' });
    // The secret last instead of first is not Nuvei's formula.
    const wrong = sha256('19.99USD2026-11-28.10:00:005551APPROVEDOrder 1' + account.secretKey);
    expect(cardClient().verifyNotification({ body: { ...body, advanceResponseChecksum: wrong }, query: {}, headers: {} })).toBeNull();
  });

  it("the cashier's Payment Page URL carries the checksum of the secret then every value in order", async () => {
    const cashier = createNuveiCashierClient({
      ...account,
      baseUrl,
      pageUrl: 'https://ppp-test.safecharge.com/ppp/purchase.do',
      notificationUrl,
      storeUrl: 'http://store.test',
    });
    const started = await cashier.start({ ...cardRequest('pay-page-1'), source: { method: 'cashier' } });
    if (started.status !== 'action' || started.action.kind !== 'redirect') throw new Error('expected a redirect');
    const url = new URL(started.action.url);
    const values = [...url.searchParams].filter(([k]) => k !== 'checksum').map(([, v]) => v);
    expect(url.searchParams.get('checksum')).toBe(sha256(account.secretKey + values.join('')));
    expect(paymentPageChecksumMatches(url, account.secretKey)).toBe(true);
  });
});

describe("the sandboxes' own checksum rules agree with Nuvei's Node SDK", () => {
  const bodies: [SdkSignedCall, Body][] = [
    ['getSessionToken', { clientRequestId: 'r-1', timeStamp: '20261128100000' }],
    ['openOrder', { clientRequestId: 'r-2', amount: '10.00', currency: 'EUR', timeStamp: '20261128100001', userTokenId: 'u' }],
    ['initPayment', { clientRequestId: 'r-3', amount: '0.00', currency: 'USD', timeStamp: '20261128100002', clientUniqueId: 'x' }],
    ['payment', { clientRequestId: 'r-4', amount: '4.99', currency: 'USD', timeStamp: '20261128100003', relatedTransactionId: '9' }],
    [
      'refundTransaction',
      {
        clientRequestId: 'r-5',
        clientUniqueId: 'pay-5',
        amount: '1.00',
        currency: 'USD',
        relatedTransactionId: '77',
        authCode: 'A1',
        comment: 'partial',
        urlDetails: { notificationUrl },
        timeStamp: '20261128100004',
      },
    ],
    [
      'voidTransaction',
      {
        clientRequestId: 'r-6',
        clientUniqueId: 'pay-6',
        amount: '2.00',
        currency: 'USD',
        relatedTransactionId: '78',
        timeStamp: '20261128100005',
      },
    ],
    ['deleteUPO', { userTokenId: 'user-7', clientRequestId: 'r-7', userPaymentOptionId: '123', timeStamp: '20261128100006' }],
  ];
  it.each(bodies)('%s', (method, fields) => {
    const body = { ...fields, merchantId: account.merchantId, merchantSiteId: account.merchantSiteId };
    expect(expectedChecksum(method, body, account.secretKey)).toBe(sdkChecksum(method, body, account));
  });
});
