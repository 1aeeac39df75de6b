// The cashier with the real Nuvei client configured (NUVEI_* set): the Payment Page URL is checked by a
// local server the way Nuvei checks it (merchant, amount, checksum over the secret and every value in
// order), its DMN is checksummed as Nuvei's, and lookups and refunds go to a local server speaking
// Nuvei's REST API (test/support/fake-nuvei.ts), whose book we add the page's charge to.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../test/support/test-app.ts';
import { createShopper, expectLedgerBalanced, type Shopper } from '../../../../../test/support/checkout.ts';
import { startCashier } from '../../../../../test/support/cashier.ts';
import { startFakeNuvei, type FakeNuvei } from '../../../../../test/support/fake-nuvei.ts';
import { orderStatus, pendingOrder } from '../../../../../test/support/payments.ts';
import { payments } from '../../../../db/schema.ts';
// Checksums from Nuvei's documented formulas (the sandboxes' own rules) and Nuvei's Node SDK, never the
// client's (ADR 039).
import { dmnChecksum, paymentPageChecksumMatches } from '../sandbox/checksum-rules.ts';
import { sdkChecksum } from '../../../../../test/support/safecharge-oracle.ts';
import { deleteMethod, listMethods } from '../../../../../test/support/stripe.ts';
import { listCashierCards } from './saved-cashier-cards.ts';
import { IN_FLIGHT_STALE_MS } from '../../../../modules/payments/index.ts';

const creds = { merchantId: '4242424242', merchantSiteId: '112233', secretKey: 'fake-nuvei-secret-key' };

/** Nuvei's Payment Page as far as a merchant can see it: it opens for a correctly signed URL only. */
async function startPaymentPage(): Promise<{ url: string; opened: URLSearchParams[]; close(): Promise<void> }> {
  const opened: URLSearchParams[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const valid =
      url.pathname === '/ppp/purchase.do' &&
      url.searchParams.get('merchant_id') === creds.merchantId &&
      url.searchParams.get('merchant_site_id') === creds.merchantSiteId &&
      paymentPageChecksumMatches(url, creds.secretKey);
    if (valid) opened.push(url.searchParams);
    res.writeHead(valid ? 200 : 400, { 'content-type': 'text/html' }).end(valid ? '<h1>Payment page</h1>' : 'Invalid checksum');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/ppp/purchase.do`, opened, close: () => new Promise((r) => server.close(() => r())) };
}

let fake: FakeNuvei;
let page: Awaited<ReturnType<typeof startPaymentPage>>;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeNuvei(creds);
  page = await startPaymentPage();
  t = await buildTestApp(
    {
      NUVEI_MERCHANT_ID: creds.merchantId,
      NUVEI_MERCHANT_SITE_ID: creds.merchantSiteId,
      NUVEI_SECRET_KEY: creds.secretKey,
      NUVEI_BASE_URL: fake.baseUrl,
      NUVEI_CASHIER_URL: page.url,
      PUBLIC_URL: 'https://store.example',
    },
    { seedDemo: false },
  );
});
afterAll(async () => {
  await t.close();
  await fake.close();
  await page.close();
});

/** Starts the cashier and opens the page the API answered, as the shopper's browser would. */
async function openPage(s: Shopper, orderId: string): Promise<URLSearchParams> {
  const res = await startCashier(t.app, s, { orderId });
  expect(res.statusCode, res.body).toBe(200);
  const opened = await fetch(res.json().data.url, { signal: AbortSignal.timeout(15_000) });
  expect(opened.status).toBe(200);
  return page.opened.at(-1)!;
}

/** The DMN Nuvei sends after a sale on its Payment Page. */
function pageDmn(params: URLSearchParams, transactionId: string, extra: Record<string, string> = {}): Record<string, string> {
  const dmn: Record<string, string> = {
    totalAmount: params.get('total_amount')!,
    currency: params.get('currency')!,
    responseTimeStamp: '2026-11-22.02:30:00',
    PPP_TransactionID: '777',
    Status: 'APPROVED',
    productId: params.get('item_name_1')!,
    TransactionID: transactionId,
    merchant_unique_id: params.get('merchant_unique_id')!,
    user_token_id: params.get('user_token_id')!,
    transactionType: 'Sale',
    ...extra,
  };
  return { ...dmn, advanceResponseChecksum: dmnChecksum(dmn, creds.secretKey) };
}

const notify = (dmn: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/nuvei/notify',
    payload: new URLSearchParams(dmn).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe("the cashier through Nuvei's Payment Page", () => {
  it('answers a signed Payment Page URL for the order, with our payment id and the way back to the store', async () => {
    expect(t.app.paymentProviders.forMethod('cashier')?.name).toBe('nuvei-cashier');
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const params = await openPage(s, order._id);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(Object.fromEntries(params)).toMatchObject({
      total_amount: '4.99',
      currency: 'USD',
      user_token_id: s.id,
      merchant_unique_id: row!.id,
      version: '4.0.0',
      notify_url: 'https://store.example/api/v1/nuvei/notify',
      success_url: `https://store.example/api/v1/nuvei/cashier/return/success/${order._id}`,
      error_url: `https://store.example/api/v1/nuvei/cashier/return/failed/${order._id}`,
      back_url: `https://store.example/api/v1/nuvei/cashier/return/back/${order._id}`,
    });
    expect(params.get('time_stamp')).toMatch(/^\d{4}-\d\d-\d\d\.\d\d:\d\d:\d\d$/);
  });

  it("Nuvei's DMN of the page's sale fulfils the order once and keeps the card saved there; a forged one changes nothing", async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const params = await openPage(s, order._id);
    const card = { userPaymentOptionId: '99001', cardCompany: 'Visa', cardNumber: '4****1111', expMonth: '11', expYear: '33' };
    const dmn = pageDmn(params, '7110000000000001', card);
    expect((await notify({ ...dmn, advanceResponseChecksum: 'f'.repeat(64) })).statusCode).toBe(401);
    expect((await notify({ ...dmn, totalAmount: '0.01' })).statusCode).toBe(401);
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
    const answers = await Promise.all(Array.from({ length: 10 }, () => notify(dmn)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
    await expectLedgerBalanced(t.database.db, order._id);
    expect(await listCashierCards(t.database.db, s.id)).toEqual([
      { userPaymentOptionId: '99001', brand: 'visa', last4: '1111', expMonth: 11, expYear: 2033 },
    ]);
  });

  it("deleting a card saved on Nuvei's page calls deleteUPO; while Nuvei is down, 502 and the card stays listed", async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const params = await openPage(s, order._id);
    const card = { userPaymentOptionId: '99002', cardCompany: 'Visa', cardNumber: '4****4242', expMonth: '10', expYear: '31' };
    expect((await notify(pageDmn(params, '7110000000000009', card))).statusCode).toBe(200);
    expect((await listMethods(t.app, s)).nuveiCards.map((c) => c.userPaymentOptionId)).toEqual(['99002']);

    fake.failing.add('deleteUPO');
    try {
      const down = await deleteMethod(t.app, s, '99002');
      expect(down.statusCode, down.body).toBe(502);
      expect(down.json().code).toBe('PROVIDER_UNAVAILABLE');
    } finally {
      fake.failing.delete('deleteUPO');
    }
    expect((await listMethods(t.app, s)).nuveiCards.map((c) => c.userPaymentOptionId)).toEqual(['99002']);

    // Another shopper's delete reaches nobody.
    const other = await createShopper(t.database.db);
    const callsBefore = fake.calls.length;
    expect((await deleteMethod(t.app, other, '99002')).statusCode).toBe(404);
    expect(fake.calls.length).toBe(callsBefore);

    const deleted = await deleteMethod(t.app, s, '99002');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await listMethods(t.app, s)).nuveiCards).toEqual([]);
    const call = fake.calls.filter((c) => c.method === 'deleteUPO').at(-1)!;
    expect(call.body).toEqual({
      merchantId: creds.merchantId,
      merchantSiteId: creds.merchantSiteId,
      userTokenId: s.id,
      clientRequestId: expect.any(String),
      userPaymentOptionId: '99002',
      timeStamp: expect.stringMatching(/^\d{14}$/),
      checksum: sdkChecksum('deleteUPO', call.body, creds),
    });
  });

  it('a declined DMN fails the order', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const params = await openPage(s, order._id);
    expect((await notify(pageDmn(params, '7110000000000002', { Status: 'DECLINED', Reason: 'Insufficient Funds' }))).statusCode).toBe(200);
    expect(await orderStatus(t.app, s, order._id)).toBe('failed');
  });

  it('a sale whose DMN never came is found by getTransactionDetails and fulfilled; a refund goes to refundTransaction', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const params = await openPage(s, order._id);
    const paymentId = params.get('merchant_unique_id')!;
    fake.transactions.push({
      transactionId: '7110000000000003',
      clientUniqueId: paymentId,
      transactionType: 'Sale',
      transactionStatus: 'APPROVED',
      amount: '4.99',
      currency: 'USD',
    });
    await t.database.db
      .update(payments)
      .set({ updatedAt: new Date(Date.now() - IN_FLIGHT_STALE_MS - 60_000) })
      .where(eq(payments.id, paymentId));
    await t.app.outbox.drain();
    expect(fake.calls.some((c) => c.method === 'getTransactionDetails' && c.body.clientUniqueId === paymentId)).toBe(true);
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({ status: 'approved', transactionId: '7110000000000003' });

    const refunded = await t.app.paymentProviders
      .get('nuvei-cashier')!
      .refund({ paymentId, orderId: order._id, transactionId: '7110000000000003', amountCents: 499, currency: 'USD' });
    expect(refunded.status).toBe('refunded');
    const call = fake.calls.filter((c) => c.method === 'refundTransaction').at(-1)!;
    expect(call.body).toMatchObject({ relatedTransactionId: '7110000000000003', clientUniqueId: paymentId, amount: '4.99' });
  });
});
