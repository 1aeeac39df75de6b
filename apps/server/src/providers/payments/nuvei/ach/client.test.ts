// The real Nuvei ACH client against a local HTTP server speaking Nuvei's REST API v1 (getSessionToken,
// addUPOAPM, payment, getTransactionDetails, refundTransaction / voidTransaction, deleteUPO), which
// checks every checksum the way Nuvei does, with the sandboxes' own rules written from Nuvei's published
// orders (../sandbox/checksum-rules.ts, ADR 039), never with the client's; and its DMN checks (settled,
// refused, returned), the DMNs signed with Nuvei's documented formula.
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNuveiClient } from '../client.ts';
import { checkSigned, dmnChecksum, missingPayerField } from '../sandbox/checksum-rules.ts';
import { createNuveiAchClient } from './client.ts';

const creds = { merchantId: '4242424242', merchantSiteId: '112233', secretKey: 'fake-nuvei-ach-secret' };
type Body = Record<string, unknown> & { checksum?: string };
const calls: { method: string; body: Body }[] = [];
/** What the fake's book says about each payment (by clientUniqueId). */
const book = new Map<string, { transactionId: string; type: string; status: string; amount: string }>();
let server: http.Server;
let baseUrl: string;

function answer(method: string, b: Body): object {
  const s = (k: string) => String(b[k] ?? '');
  const unsigned = checkSigned(method, b, creds);
  if (unsigned) return unsigned;
  switch (method) {
    case 'getSessionToken':
      return { status: 'SUCCESS', sessionToken: 'st-1' };
    case 'addUPOAPM':
      if (s('paymentMethodName') !== 'apmgw_ACH') return { status: 'ERROR', errCode: 1011, reason: 'Invalid payment method' };
      if ((b.apmData as Record<string, string>).RoutingNumber === '111000025')
        return { status: 'ERROR', errCode: 1011, reason: 'Invalid routing number' };
      return { status: 'SUCCESS', userPaymentOptionId: 777001 };
    case 'deleteUPO':
      return { status: 'SUCCESS' };
    case 'payment': {
      if (s('sessionToken') !== 'st-1') return { status: 'ERROR', errCode: 1001, reason: 'Invalid session token' };
      const missing = missingPayerField(b);
      if (missing) return missing;
      const upo = String((b.paymentOption as Record<string, unknown>).userPaymentOptionId);
      const transactionId = `9${book.size + 1}`;
      if (upo === '777999') return { status: 'SUCCESS', transactionStatus: 'DECLINED', transactionId, gwErrorReason: 'R03 No account' };
      book.set(s('clientUniqueId'), { transactionId, type: 'Sale', status: 'PENDING', amount: s('amount') });
      return { status: 'SUCCESS', transactionStatus: 'PENDING', transactionId };
    }
    case 'getTransactionDetails': {
      const found = book.get(s('clientUniqueId'));
      if (!found) return { status: 'ERROR', errCode: 9146, reason: 'No transaction found' };
      return {
        status: 'SUCCESS',
        transactionDetails: {
          transactionId: found.transactionId,
          transactionType: found.type,
          transactionStatus: found.status,
          processedAmount: found.amount,
          processedCurrency: 'USD',
        },
      };
    }
    case 'refundTransaction':
    case 'voidTransaction': {
      const found = book.get(s('clientUniqueId'));
      // A pending debit can only be voided; a settled one only refunded.
      const fits = found && (method === 'voidTransaction' ? found.status === 'PENDING' : found.status === 'APPROVED');
      if (!found || !fits) return { status: 'SUCCESS', transactionStatus: 'DECLINED', transactionId: '0', gwErrorReason: 'Not allowed' };
      book.set(s('clientUniqueId'), { ...found, type: method === 'voidTransaction' ? 'Void' : 'Credit', status: 'APPROVED' });
      return { status: 'SUCCESS', transactionStatus: 'APPROVED', transactionId: `${found.transactionId}1` };
    }
  }
  return { status: 'ERROR', errCode: 1000, reason: 'Unknown method' };
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const method = (req.url ?? '').replace(/^\/+/, '').replace(/\.do$/, '');
      const body = JSON.parse(raw || '{}') as Body;
      calls.push({ method, body });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer(method, body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const client = () =>
  createNuveiAchClient({ ...creds, baseUrl, notificationUrl: 'http://store.test/api/v1/nuvei/notify', timeoutMs: 15_000 });
const request = (paymentId: string, userPaymentOptionId = '777001') => ({
  paymentId,
  orderId: 'order-1',
  userId: 'user-1',
  payerName: 'Mei Lin',
  amountCents: 499,
  currency: 'USD' as const,
  source: { method: 'bank_account' as const, userPaymentOptionId },
  payer: { ipAddress: '203.0.113.7', firstName: 'Mei', lastName: 'Lin', email: 'mei@example.com', country: 'US' },
});

/** A DMN as Nuvei signs it. */
function dmn(fields: Record<string, string>) {
  const all = {
    totalAmount: '4.99',
    currency: 'USD',
    responseTimeStamp: '2026-01-01.10:00:00',
    PPP_TransactionID: '5',
    productId: '',
    payment_method: 'apmgw_ACH',
    ...fields,
  };
  return { body: { ...all, advanceResponseChecksum: dmnChecksum(all, creds.secretKey) }, query: {}, headers: {} };
}

describe('Nuvei ACH client (against a local server speaking the API)', () => {
  it('links a bank account with addUPOAPM (apmgw_ACH, the numbers in apmData) and removes it with deleteUPO', async () => {
    const linked = await client().addBankAccount({
      userId: 'user-1',
      payerName: 'Mei Lin',
      account: { routingNumber: '011000015', accountNumber: '1000000001', accountType: 'checking' },
    });
    expect(linked).toEqual({
      status: 'linked',
      userPaymentOptionId: '777001',
      bankName: 'Bank account',
      last4: '0001',
      accountType: 'checking',
    });
    const call = calls.find((c) => c.method === 'addUPOAPM')!;
    expect(call.body).toMatchObject({
      userTokenId: 'user-1',
      paymentMethodName: 'apmgw_ACH',
      apmData: { AccountNumber: '1000000001', RoutingNumber: '011000015', accountType: 'CHECKING', SECCode: 'WEB' },
    });
    const refused = await client().addBankAccount({
      userId: 'user-1',
      payerName: 'Mei Lin',
      account: { routingNumber: '111000025', accountNumber: '1000000001', accountType: 'savings' },
    });
    expect(refused).toEqual({ status: 'refused', reason: 'Invalid routing number' });
    await client().removeBankAccount({ userId: 'user-1', userPaymentOptionId: '777001' });
    expect(calls.at(-1)).toMatchObject({ method: 'deleteUPO', body: { userPaymentOptionId: '777001', userTokenId: 'user-1' } });
  });

  it("refuses what Nuvei refuses: the old addUPOAPM order (1001 Invalid checksum), a debit without the payer's billing address", async () => {
    const post = async (method: string, body: Record<string, unknown>) =>
      (await (await fetch(`${baseUrl}/${method}.do`, { method: 'POST', body: JSON.stringify(body) })).json()) as Record<string, unknown>;
    const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
    // As the client signed addUPOAPM before issue 22: clientRequestId before userTokenId, apmData left out.
    const link = {
      merchantId: creds.merchantId,
      merchantSiteId: creds.merchantSiteId,
      userTokenId: 'user-1',
      clientRequestId: randomUUID(),
      paymentMethodName: 'apmgw_ACH',
      apmData: {
        AccountNumber: '1000000001',
        RoutingNumber: '011000015',
        accountType: 'CHECKING',
        SECCode: 'WEB',
        nameOnAccount: 'Mei Lin',
      },
      timeStamp: '20261128100000',
    };
    const old = sha256(
      link.merchantId +
        link.merchantSiteId +
        link.clientRequestId +
        link.userTokenId +
        link.paymentMethodName +
        link.timeStamp +
        creds.secretKey,
    );
    expect(await post('addUPOAPM', { ...link, checksum: old })).toEqual({ status: 'ERROR', errCode: 1001, reason: 'Invalid checksum' });

    // A bank debit, correctly signed (merchantId, merchantSiteId, clientRequestId, amount, currency, timeStamp,
    // secret), that leaves out billingAddress: Nuvei's invalid-country answer; without the IP, a validation error.
    const debit = {
      sessionToken: 'st-1',
      merchantId: creds.merchantId,
      merchantSiteId: creds.merchantSiteId,
      clientRequestId: randomUUID(),
      amount: '4.99',
      currency: 'USD',
      timeStamp: '20261128100001',
      clientUniqueId: 'pay-broken',
      userTokenId: 'user-1',
      paymentOption: { userPaymentOptionId: '777001' },
    };
    const checksum = sha256(
      debit.merchantId + debit.merchantSiteId + debit.clientRequestId + debit.amount + debit.currency + debit.timeStamp + creds.secretKey,
    );
    expect(await post('payment', { ...debit, deviceDetails: { ipAddress: '203.0.113.7' }, checksum })).toMatchObject({
      status: 'ERROR',
      errCode: 1014,
    });
    expect(
      await post('payment', {
        ...debit,
        billingAddress: { firstName: 'Mei', lastName: 'Lin', email: 'mei@example.com', country: 'US' },
        checksum,
      }),
    ).toMatchObject({
      status: 'ERROR',
      errCode: 1019,
      reason: expect.stringContaining('deviceDetails.ipAddress'),
    });
    // Our client does not send a debit without them at all.
    const { payer: _payer, ...withoutPayer } = request('pay-no-payer');
    await expect(client().start(withoutPayer)).rejects.toThrow(/billingAddress/);
  });

  it('pays with the userPaymentOptionId: pending; looks it up by our payment id; declines carry the return code', async () => {
    const started = await client().start(request('pay-1'));
    expect(started).toMatchObject({ status: 'pending' });
    expect(calls.filter((c) => c.method === 'payment').at(-1)!.body).toMatchObject({
      clientUniqueId: 'pay-1',
      userTokenId: 'user-1',
      billingAddress: { firstName: 'Mei', lastName: 'Lin', email: 'mei@example.com', country: 'US' },
      deviceDetails: { ipAddress: '203.0.113.7' },
      amount: '4.99',
      currency: 'USD',
      paymentOption: { userPaymentOptionId: '777001' },
      urlDetails: { notificationUrl: 'http://store.test/api/v1/nuvei/notify' },
    });
    expect(await client().lookup({ paymentId: 'pay-1', orderId: 'order-1', transactionId: started.transactionId })).toEqual({
      status: 'pending',
      transactionId: started.transactionId,
    });
    book.set('pay-1', { ...book.get('pay-1')!, status: 'APPROVED' });
    expect(await client().lookup({ paymentId: 'pay-1', orderId: 'order-1', transactionId: null })).toMatchObject({
      status: 'approved',
      amountCents: 499,
      currency: 'USD',
    });
    expect(await client().lookup({ paymentId: 'nothing', orderId: 'order-1', transactionId: null })).toEqual({ status: 'none' });
    expect(await client().start(request('pay-2', '777999'))).toMatchObject({
      status: 'declined',
      code: 'BANK_PAYMENT_FAILED',
      reason: 'R03: No account/unable to locate account',
    });
  });

  it('gives money back: refundTransaction of a settled debit, voidTransaction of a pending one', async () => {
    const settled = await client().start(request('pay-3'));
    book.set('pay-3', { ...book.get('pay-3')!, status: 'APPROVED' });
    const refund = {
      paymentId: 'pay-3',
      orderId: 'order-1',
      transactionId: settled.transactionId,
      amountCents: 499,
      currency: 'USD' as const,
    };
    expect(await client().refund(refund)).toMatchObject({ status: 'refunded' });
    expect(calls.at(-1)!.method).toBe('refundTransaction');
    const pending = await client().start(request('pay-4'));
    expect(await client().refund({ ...refund, paymentId: 'pay-4', transactionId: pending.transactionId })).toMatchObject({
      status: 'refunded',
    });
    expect(calls.at(-1)!.method).toBe('voidTransaction');
  });

  it('reads its DMNs: settled, refused before settlement, returned after it; refuses a wrong checksum; leaves card DMNs alone', () => {
    const ach = client();
    expect(
      ach.verifyNotification(dmn({ TransactionID: '91', clientUniqueId: 'pay-1', transactionType: 'Sale', Status: 'APPROVED' })),
    ).toMatchObject({
      status: 'approved',
      charge: true,
      transactionId: '91',
      paymentId: 'pay-1',
      amountCents: 499,
    });
    expect(
      ach.verifyNotification(dmn({ TransactionID: '91', clientUniqueId: 'pay-1', transactionType: 'Sale', Status: 'PENDING' })),
    ).toMatchObject({
      charge: false,
    });
    expect(
      ach.verifyNotification(
        dmn({ TransactionID: '91', clientUniqueId: 'pay-1', transactionType: 'Sale', Status: 'DECLINED', ReasonCode: 'R03' }),
      ),
    ).toMatchObject({ status: 'declined', code: 'BANK_PAYMENT_FAILED', reason: 'R03: No account/unable to locate account' });
    expect(
      ach.verifyNotification(
        dmn({
          TransactionID: '95',
          relatedTransactionId: '91',
          clientUniqueId: 'pay-1',
          transactionType: 'Chargeback',
          Status: 'APPROVED',
          ReasonCode: 'R01',
        }),
      ),
    ).toMatchObject({ status: 'reversed', transactionId: '91', returnCode: 'R01', reason: 'R01: Insufficient funds' });
    const forged = dmn({ TransactionID: '91', clientUniqueId: 'pay-1', transactionType: 'Sale', Status: 'APPROVED' });
    expect(ach.verifyNotification({ ...forged, body: { ...forged.body, totalAmount: '0.01' } })).toBeNull();
    // A card DMN is the card client's, and an ACH one is not the card client's.
    const card = dmn({
      TransactionID: '91',
      clientUniqueId: 'pay-1',
      transactionType: 'Sale',
      Status: 'APPROVED',
      payment_method: 'cc_card',
    });
    expect(ach.verifyNotification(card)).toBeNull();
    const cardClient = createNuveiClient({ ...creds, baseUrl, notificationUrl: 'x', relay: () => Promise.reject(new Error('no relay')) });
    expect(
      cardClient.verifyNotification(
        dmn({ TransactionID: '91', clientUniqueId: 'pay-1', transactionType: 'Chargeback', Status: 'APPROVED' }),
      ),
    ).toBeNull();
  });
});
