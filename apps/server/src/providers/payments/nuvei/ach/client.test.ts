// The real Nuvei ACH client against a local HTTP server speaking Nuvei's REST API v1 (getSessionToken,
// addUPOAPM, payment, getTransactionDetails, refundTransaction / voidTransaction, deleteUPO), which
// checks every checksum the way Nuvei does; and its DMN checks (settled, refused, returned).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationChecksum, paymentChecksum, refundChecksum, sessionTokenChecksum, transactionDetailsChecksum } from '../checksum.ts';
import { createNuveiClient } from '../client.ts';
import { addUpoApmChecksum, deleteUpoChecksum } from './checksum.ts';
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
  const bad = { status: 'ERROR', errCode: 1001, reason: 'Invalid checksum' };
  switch (method) {
    case 'getSessionToken':
      return b.checksum === sessionTokenChecksum(b as never, creds.secretKey) ? { status: 'SUCCESS', sessionToken: 'st-1' } : bad;
    case 'addUPOAPM':
      if (b.checksum !== addUpoApmChecksum(b as never, creds.secretKey)) return bad;
      if (s('paymentMethodName') !== 'apmgw_ACH') return { status: 'ERROR', errCode: 1011, reason: 'Invalid payment method' };
      if ((b.apmData as Record<string, string>).RoutingNumber === '111000025')
        return { status: 'ERROR', errCode: 1011, reason: 'Invalid routing number' };
      return { status: 'SUCCESS', userPaymentOptionId: 777001 };
    case 'deleteUPO':
      return b.checksum === deleteUpoChecksum(b as never, creds.secretKey) ? { status: 'SUCCESS' } : bad;
    case 'payment': {
      if (b.checksum !== paymentChecksum(b as never, creds.secretKey) || s('sessionToken') !== 'st-1') return bad;
      const upo = String((b.paymentOption as Record<string, unknown>).userPaymentOptionId);
      const transactionId = `9${book.size + 1}`;
      if (upo === '777999') return { status: 'SUCCESS', transactionStatus: 'DECLINED', transactionId, gwErrorReason: 'R03 No account' };
      book.set(s('clientUniqueId'), { transactionId, type: 'Sale', status: 'PENDING', amount: s('amount') });
      return { status: 'SUCCESS', transactionStatus: 'PENDING', transactionId };
    }
    case 'getTransactionDetails': {
      if (b.checksum !== transactionDetailsChecksum(b as never, creds.secretKey)) return bad;
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
      if (b.checksum !== refundChecksum(b as never, creds.secretKey)) return bad;
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
  return { body: { ...all, advanceResponseChecksum: notificationChecksum(all as never, creds.secretKey) }, query: {}, headers: {} };
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

  it('pays with the userPaymentOptionId: pending; looks it up by our payment id; declines carry the return code', async () => {
    const started = await client().start(request('pay-1'));
    expect(started).toMatchObject({ status: 'pending' });
    expect(calls.filter((c) => c.method === 'payment').at(-1)!.body).toMatchObject({
      clientUniqueId: 'pay-1',
      userTokenId: 'user-1',
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
