// The host's session honours the SPEC §2 money parameters (issue 23), through its own HTTP port as a merchant's
// server and the purchase-v2 page call it: email and customerInfo reach the card and bank providers' requests
// (what the sandboxes received), the amount is never the page's, authOnly authorises and the merchant captures,
// webhookInfo rides in every webhook of the session, and settlementType / tokens / lockDefaultToken are recorded
// and echoed, refused where the host cannot settle in them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SANDBOX_ACCOUNTS, SANDBOX_ROUTING } from '../support/ach.ts';
import { BROWSER_DETAILS } from '../support/payments.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';
import { tokenizeCard } from '../support/vault.ts';
import type { PaymentRequest } from '@store/server-kit';
import { checkoutSessions, latestCardAttempt } from '@store/checkout-host/testing';
import { eq } from 'drizzle-orm';
import type { MerchantCredentials } from '@store/checkout-host';
import { hostCaller } from '../support/checkout-host-calls.ts';

const FRICTIONLESS = '4111111111111111';
const DECLINED = '4000000000000002';
const CHALLENGE = '4000000000003220';
const CAPTURE_ANSWER_LOST = '4000000000000127';

let t: TestApp;
let merchant: MerchantCredentials;
let webhook: http.Server;
const received: { type: string; data: Record<string, unknown> }[] = [];

const call = hostCaller(() => t.app.checkoutHost.origin());

let refs = 0;
const createBody = (amountCents: number, extra: Record<string, unknown> = {}) => ({
  reference: `money-${++refs}-${Date.now()}`,
  amountCents,
  currency: 'USD',
  customer: { id: 'u1', email: 'merchant-knows@example.com' },
  ...extra,
});
async function newSession(amountCents = 1234, extra: Record<string, unknown> = {}) {
  const body = createBody(amountCents, extra);
  const res = await call('POST', `/api/merchants/${merchant.merchantId}/sessions`, { key: merchant.apiKey, body });
  expect(res.status, res.text).toBe(201);
  return { reference: body.reference, sessionId: res.json.sessionId as string, sessionKey: res.json.sessionKey as string };
}
const merchantSession = async (reference: string) =>
  (await call('GET', `/api/merchants/test-shop/sessions/by-reference/${reference}`, { key: merchant.apiKey })).json;
const payByCard = async (sessionKey: string, number: string, extra: Record<string, unknown> = {}) =>
  call('POST', '/api/checkout/card', {
    session: sessionKey,
    body: { browserDetails: BROWSER_DETAILS, cardToken: await tokenizeCard(t.app, number), ...extra },
  });
/** The merchant's webhook events of a session, once delivered. */
const eventsOf = async (sessionId: string, type?: string) => {
  await t.app.checkoutHost.deliverWebhooks();
  return received.filter((e) => e.data.sessionId === sessionId && (!type || e.type === type));
};
/** What the sandbox card provider recorded for a session (its order). */
const providerRecords = async (sessionId: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/sandbox/nuvei/orders/${sessionId}/transactions` });
  return (
    res.json() as {
      data: { transactionId: string; kind: string; status: string; transactionType: string; relatedTransactionId: string | null }[];
    }
  ).data;
};
const cardProvider = () => t.app.paymentProviders.forMethod('card')!;
const bankProvider = () => t.app.paymentProviders.forMethod('bank_account')!;

const CUSTOMER = {
  firstName: 'Mei',
  lastName: 'Lin',
  address: '1 Harbour Road',
  city: 'Springfield',
  state: 'OR',
  zip: '97477',
  country: 'us',
  dob: '1990-04-01',
  email: 'mei.lin@example.com',
};

beforeAll(async () => {
  webhook = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push(JSON.parse(body) as { type: string; data: Record<string, unknown> });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => webhook.listen(0, '127.0.0.1', r));
  t = await buildTestApp();
  merchant = await t.app.checkoutHost.ensureMerchant({
    id: 'test-shop',
    name: 'Test Shop',
    allowedOrigins: ['https://shop.example'],
    webhookUrl: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/hook`,
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  webhook?.close();
});

describe('email and customerInfo: the billing data of the payment', () => {
  it("reach the card provider's request: billing address, the holder's name, the e-mail the page sent", async () => {
    const start = vi.spyOn(cardProvider(), 'start');
    try {
      const s = await newSession(1500);
      const paid = await payByCard(s.sessionKey, FRICTIONLESS, { email: 'typed@example.com', customerInfo: CUSTOMER });
      expect(paid.json, paid.text).toMatchObject({ status: 'paid' });
      const sent = start.mock.calls.map(([request]) => request).find((r) => r.orderId === s.sessionId)!;
      expect(sent.payerName).toBe('Mei Lin');
      expect(sent.payer).toEqual({
        email: 'typed@example.com',
        firstName: 'Mei',
        lastName: 'Lin',
        country: 'US',
        ipAddress: expect.any(String),
        address: '1 Harbour Road',
        city: 'Springfield',
        state: 'OR',
        zip: '97477',
        dateOfBirth: '1990-04-01',
      });
    } finally {
      start.mockRestore();
    }
  }, 30_000);

  it('reach the final payment after a 3-D Secure challenge too (a `name` split into first and last)', async () => {
    const complete = vi.spyOn(cardProvider(), 'completeChallenge');
    try {
      const s = await newSession(1600);
      const started = await payByCard(s.sessionKey, CHALLENGE, { customerInfo: { name: 'Ada King Lovelace', country: 'GB' } });
      expect(started.json).toMatchObject({ status: 'challenge', challengeUrl: expect.any(String), creq: expect.any(String) });
      // The shopper passes the challenge at the sandbox bank, which posts its answer to the host's return page.
      const url = new URL(started.json.challengeUrl as string);
      const form = (fields: Record<string, string>) => ({
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
      const field = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
      const bank = await t.app.inject({ method: 'POST', url: url.pathname + url.search, ...form({ creq: started.json.creq as string }) });
      const decided = await t.app.inject({
        method: 'POST',
        url: url.pathname,
        ...form({ secret: field(bank.body, 'secret'), creq: field(bank.body, 'creq'), decision: 'approve' }),
      });
      const returnUrl = /<form id="cres-form" method="post" action="([^"]+)"/.exec(decided.body)![1]!.replaceAll('&amp;', '&');
      const answered = await fetch(returnUrl.replace('localhost', '127.0.0.1'), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ cres: field(decided.body, 'cres') }).toString(),
      });
      expect(answered.status).toBe(200);
      expect((await merchantSession(s.reference)).status).toBe('paid');
      const final = complete.mock.calls.map(([request]) => request).find((r) => r.orderId === s.sessionId)!;
      expect(final.payerName).toBe('Ada King Lovelace');
      expect(final.payer).toMatchObject({
        firstName: 'Ada King',
        lastName: 'Lovelace',
        country: 'GB',
        email: 'merchant-knows@example.com',
      });
    } finally {
      complete.mockRestore();
    }
  }, 30_000);

  it("reach the bank provider: the account holder's name and the debit's billing address", async () => {
    const provider = bankProvider() as ReturnType<typeof bankProvider> & { addBankAccount: (...args: unknown[]) => Promise<unknown> };
    const link = vi.spyOn(provider, 'addBankAccount');
    const start = vi.spyOn(provider, 'start');
    try {
      const s = await newSession(2500, { allowedPaymentMethods: ['ach'] });
      const submitted = await call('POST', '/api/checkout/ach', {
        session: s.sessionKey,
        body: {
          routingNumber: SANDBOX_ROUTING.federal,
          accountNumber: SANDBOX_ACCOUNTS.settles,
          accountType: 'checking',
          customerInfo: { firstName: 'Mei', lastName: 'Lin', country: 'US', zip: '97477' },
        },
      });
      expect(submitted.json, submitted.text).toMatchObject({ status: 'pending' });
      expect(link.mock.calls.at(-1)![0]).toMatchObject({ payerName: 'Mei Lin' });
      const debit = start.mock.calls.map(([request]) => request as PaymentRequest).find((r) => r.orderId === s.sessionId)!;
      expect(debit.payer).toMatchObject({
        firstName: 'Mei',
        lastName: 'Lin',
        country: 'US',
        zip: '97477',
        email: 'merchant-knows@example.com',
      });
    } finally {
      link.mockRestore();
      start.mockRestore();
    }
  }, 30_000);

  it.each([
    [{ email: 'not-mail' }, 'email'],
    [{ customerInfo: { country: 'Germany' } }, 'customerInfo.country'],
    [{ customerInfo: { firstName: 'Mei' } }, 'customerInfo.lastName'],
    [{ customerInfo: { dob: '2999-01-01' } }, 'customerInfo.dob'],
    [{ customerInfo: { dob: '1990-13-45' } }, 'customerInfo.dob'],
    [{ customerInfo: { zip: '<script>' } }, 'customerInfo.zip'],
    [{ customerInfo: { shoeSize: 42 } }, 'customerInfo.shoeSize'],
  ])(
    'refuses %j with 400 naming %s, leaving the session open',
    async (extra, field) => {
      const s = await newSession(1700);
      const res = await payByCard(s.sessionKey, FRICTIONLESS, extra);
      expect(res.status, res.text).toBe(400);
      expect(res.json).toMatchObject({ success: false, field });
      expect((await merchantSession(s.reference)).status).toBe('open');
    },
    30_000,
  );
});

describe('the amount is the session’s (lockAmount always holds)', () => {
  it('refuses another amount from the page with 400 naming it; the same amount pays', async () => {
    const s = await newSession(1999);
    const cents = await payByCard(s.sessionKey, FRICTIONLESS, { cents: 1 });
    expect(cents.status).toBe(400);
    expect(cents.json).toMatchObject({ field: 'cents' });
    const amount = await payByCard(s.sessionKey, FRICTIONLESS, { amount: 0.01 });
    expect(amount.status).toBe(400);
    expect(amount.json).toMatchObject({ field: 'amount' });
    const usdc = await call('POST', '/api/checkout/usdc/prepare', {
      session: s.sessionKey,
      body: { chain: 'solana', payer: Keypair.generate().publicKey.toBase58(), amount: 5 },
    });
    expect(usdc.status).toBe(400);
    expect(usdc.json).toMatchObject({ field: 'amount' });
    const ach = await call('POST', '/api/checkout/ach', {
      session: s.sessionKey,
      body: { routingNumber: SANDBOX_ROUTING.federal, accountNumber: SANDBOX_ACCOUNTS.settles, accountType: 'checking', cents: 2000 },
    });
    expect(ach.status).toBe(400);
    expect(ach.json).toMatchObject({ field: 'cents' });
    expect((await merchantSession(s.reference)).status).toBe('open');
    expect((await call('GET', '/api/checkout/session', { session: s.sessionKey })).json).toMatchObject({
      amountCents: 1999,
      amountLocked: true,
    });

    const paid = await payByCard(s.sessionKey, FRICTIONLESS, { cents: 1999, amount: 19.99 });
    expect(paid.json).toMatchObject({ status: 'paid', info: { amountCents: 1999 } });
  }, 30_000);
});

describe('authOnly: authorised, then captured by the merchant', () => {
  const capture = (sessionId: string) =>
    call('POST', `/api/merchants/test-shop/sessions/${sessionId}/capture`, { key: merchant.apiKey, body: {} });

  it('authorises the card without capture; the capture settles it once, pays the session and sends payment.approved', async () => {
    const s = await newSession(4200, { authOnly: true });
    const page = await call('GET', '/api/checkout/session', { session: s.sessionKey });
    // Only a card can be held for capture.
    expect(page.json).toMatchObject({ authOnly: true, allowedPaymentMethods: ['card'] });
    const usdc = await call('POST', '/api/checkout/usdc/prepare', {
      session: s.sessionKey,
      body: { chain: 'solana', payer: Keypair.generate().publicKey.toBase58() },
    });
    expect(usdc.status).toBe(422);
    expect(usdc.json).toMatchObject({ field: 'authOnly' });

    const authorised = await payByCard(s.sessionKey, FRICTIONLESS);
    expect(authorised.json).toMatchObject({ status: 'paid', info: { sessionId: s.sessionId, authOnly: true, captured: false } });
    expect(await merchantSession(s.reference)).toMatchObject({ status: 'authorized', authOnly: true });
    // The sandbox holds an authorisation: no sale yet.
    expect(await providerRecords(s.sessionId)).toEqual([
      expect.objectContaining({ kind: 'init', status: 'approved', transactionType: 'Auth' }),
    ]);
    expect(await eventsOf(s.sessionId, 'payment.authorized')).toHaveLength(1);
    expect(await eventsOf(s.sessionId, 'payment.approved')).toHaveLength(0);
    // Not paid, so not refunded.
    const refund = await call('POST', `/api/merchants/test-shop/sessions/${s.sessionId}/refund`, { key: merchant.apiKey, body: {} });
    expect(refund.json).toMatchObject({ status: 'declined' });

    const captured = await capture(s.sessionId);
    expect(captured.status, captured.text).toBe(200);
    expect(captured.json).toMatchObject({ sessionId: s.sessionId, status: 'paid', amountCents: 4200 });
    const records = await providerRecords(s.sessionId);
    expect(records).toHaveLength(2);
    expect(records[1]).toMatchObject({ kind: 'settle', status: 'approved', relatedTransactionId: records[0]!.transactionId });
    await vi.waitFor(async () => expect(await eventsOf(s.sessionId, 'payment.approved')).toHaveLength(1), { timeout: 20_000 });
    expect((await eventsOf(s.sessionId, 'payment.approved'))[0]!.data).toMatchObject({ authOnly: true, captured: true, amountCents: 4200 });

    // Captured twice: 409. The sandbox settles an authorisation once: asked again, it answers with the settle it
    // made (as the real client does after its lookup), and takes nothing more.
    const again = await capture(s.sessionId);
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ field: 'sessionId' });
    // The card attempt is the provider's payment (its clientUniqueId).
    const paymentId = (await latestCardAttempt(t.database.db, s.sessionId))!.id;
    const held = { paymentId, orderId: s.sessionId, transactionId: records[0]!.transactionId, currency: 'USD' as const };
    expect(await cardProvider().capture!({ ...held, amountCents: 4200 })).toEqual({
      status: 'captured',
      transactionId: records[1]!.transactionId,
    });
    expect(await cardProvider().capture!({ ...held, amountCents: 4100 })).toMatchObject({ status: 'declined' });
    expect((await providerRecords(s.sessionId)).filter((r) => r.kind === 'settle')).toHaveLength(1);

    // Captured money is refunded like a sale.
    const refunded = await call('POST', `/api/merchants/test-shop/sessions/${s.sessionId}/refund`, { key: merchant.apiKey, body: {} });
    expect(refunded.json).toEqual({ status: 'refunded' });
  }, 60_000);

  it('a capture whose answer was lost: 502 and still authorised; the retry finds the settle, pays the session once', async () => {
    const s = await newSession(3100, { authOnly: true });
    expect((await payByCard(s.sessionKey, CAPTURE_ANSWER_LOST)).json).toMatchObject({ status: 'paid', info: { captured: false } });
    const lost = await capture(s.sessionId);
    expect(lost.status, lost.text).toBe(502);
    expect(lost.json).toMatchObject({ code: 'CAPTURE_UNAVAILABLE' });
    // The money was taken at the provider; the host does not know it yet.
    expect((await providerRecords(s.sessionId)).filter((r) => r.kind === 'settle')).toHaveLength(1);
    expect(await merchantSession(s.reference)).toMatchObject({ status: 'authorized' });

    const retried = await capture(s.sessionId);
    expect(retried.status, retried.text).toBe(200);
    expect(retried.json).toMatchObject({ sessionId: s.sessionId, status: 'paid', amountCents: 3100 });
    const records = await providerRecords(s.sessionId);
    expect(records.filter((r) => r.kind === 'settle')).toHaveLength(1);
    await vi.waitFor(async () => expect(await eventsOf(s.sessionId, 'payment.approved')).toHaveLength(1), { timeout: 20_000 });
    expect((await capture(s.sessionId)).status).toBe(409);
    // The settle is what a refund relates to.
    const refunded = await call('POST', `/api/merchants/test-shop/sessions/${s.sessionId}/refund`, { key: merchant.apiKey, body: {} });
    expect(refunded.json).toEqual({ status: 'refunded' });
    expect(await eventsOf(s.sessionId, 'payment.approved')).toHaveLength(1);
  }, 60_000);

  it('a capture left unanswered is finished by the reconciliation when the merchant does not retry', async () => {
    const s = await newSession(2700, { authOnly: true });
    expect((await payByCard(s.sessionKey, CAPTURE_ANSWER_LOST)).json).toMatchObject({ status: 'paid', info: { captured: false } });
    expect((await capture(s.sessionId)).status).toBe(502);
    // Too recent to be in doubt: the capture may still be on its way.
    await t.app.checkoutHost.reconcile();
    expect(await merchantSession(s.reference)).toMatchObject({ status: 'authorized' });

    // Long enough ago: the reconciliation asks the provider again, which answers with the settle it made.
    await t.database.db
      .update(checkoutSessions)
      .set({ captureRequestedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(checkoutSessions.id, s.sessionId));
    await t.app.checkoutHost.reconcile();
    expect(await merchantSession(s.reference)).toMatchObject({ status: 'paid', amountCents: 2700 });
    expect((await providerRecords(s.sessionId)).filter((r) => r.kind === 'settle')).toHaveLength(1);
    await vi.waitFor(async () => expect(await eventsOf(s.sessionId, 'payment.approved')).toHaveLength(1), { timeout: 20_000 });
    await t.app.checkoutHost.reconcile();
    expect(await eventsOf(s.sessionId, 'payment.approved')).toHaveLength(1);
    expect((await capture(s.sessionId)).status).toBe(409);
  }, 60_000);

  it('a capture the provider declines is answered, not in doubt: 422, still authorised, not asked again', async () => {
    const s = await newSession(1900, { authOnly: true });
    expect((await payByCard(s.sessionKey, FRICTIONLESS)).json).toMatchObject({ status: 'paid', info: { captured: false } });
    // The hold released behind the host's back (at the provider): a settle of it is refused.
    const attempt = (await latestCardAttempt(t.database.db, s.sessionId))!;
    const [auth] = await providerRecords(s.sessionId);
    const held = {
      paymentId: attempt.id,
      orderId: s.sessionId,
      transactionId: auth!.transactionId,
      amountCents: 1900,
      currency: 'USD' as const,
    };
    expect(await cardProvider().voidAuthorization!(held)).toMatchObject({ status: 'voided' });

    const declined = await capture(s.sessionId);
    expect(declined.status, declined.text).toBe(422);
    expect(declined.json).toMatchObject({ code: 'CAPTURE_DECLINED', field: 'sessionId' });
    const [row] = await t.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, s.sessionId));
    expect(row).toMatchObject({ status: 'authorized', captureRequestedAt: null });
  }, 60_000);

  it('a void releases the authorisation: the session voided, nothing settled, no capture or second void after it', async () => {
    const voidIt = (sessionId: string) =>
      call('POST', `/api/merchants/test-shop/sessions/${sessionId}/void`, { key: merchant.apiKey, body: {} });
    const s = await newSession(4700, { authOnly: true });
    // Nothing authorised yet: nothing to void.
    expect((await voidIt(s.sessionId)).status).toBe(409);
    expect((await payByCard(s.sessionKey, FRICTIONLESS)).json).toMatchObject({ status: 'paid', info: { captured: false } });

    const voided = await voidIt(s.sessionId);
    expect(voided.status, voided.text).toBe(200);
    expect(voided.json).toMatchObject({ sessionId: s.sessionId, status: 'voided', amountCents: 4700, voidedAt: expect.any(String) });
    expect(await merchantSession(s.reference)).toMatchObject({ status: 'voided' });
    // The sandbox released the hold (a 'void' of the authorisation) and settled nothing.
    const records = await providerRecords(s.sessionId);
    expect(records.map((r) => [r.kind, r.status])).toEqual([
      ['init', 'voided'],
      ['void', 'approved'],
    ]);
    expect(records[1]).toMatchObject({ relatedTransactionId: records[0]!.transactionId });
    // Voided: no capture, no second void, no refund, and no webhook of a payment.
    const captured = await capture(s.sessionId);
    expect(captured.status).toBe(409);
    expect(captured.json).toMatchObject({ field: 'sessionId', message: expect.stringContaining('voided') });
    expect((await voidIt(s.sessionId)).status).toBe(409);
    expect((await providerRecords(s.sessionId)).filter((r) => r.kind === 'settle' || r.kind === 'void')).toHaveLength(1);
    expect(await eventsOf(s.sessionId, 'payment.approved')).toHaveLength(0);
    // The page says the checkout is over.
    expect((await call('GET', '/api/checkout/session', { session: s.sessionKey })).json).toMatchObject({ status: 'voided' });
    // Another merchant's, or no such session: 404; a body other than {}: 400.
    expect((await voidIt('cs_nobody')).status).toBe(404);
    const withBody = await call('POST', `/api/merchants/test-shop/sessions/${s.sessionId}/void`, {
      key: merchant.apiKey,
      body: { amountCents: 1 },
    });
    expect(withBody.status).toBe(400);
  }, 60_000);

  it('refuses to capture a session that is not authorised (409) or not the merchant’s (404)', async () => {
    const open = await newSession(4300, { authOnly: true });
    expect((await capture(open.sessionId)).status).toBe(409);
    const sale = await newSession(4400);
    expect((await payByCard(sale.sessionKey, FRICTIONLESS)).json).toMatchObject({ status: 'paid' });
    const res = await capture(sale.sessionId);
    expect(res.status).toBe(409);
    expect((await providerRecords(sale.sessionId)).filter((r) => r.kind === 'settle')).toEqual([]);
    expect((await capture('cs_nobody')).status).toBe(404);
  }, 30_000);

  it("takes authOnly from the page's link when the merchant left it unsaid; another value than the merchant's is 409", async () => {
    const s = await newSession(4500);
    const set = await call('POST', '/api/checkout/session/parameters', { session: s.sessionKey, body: { authOnly: true } });
    expect(set.status, set.text).toBe(200);
    expect(set.json).toMatchObject({ authOnly: true, allowedPaymentMethods: ['card'] });
    expect((await payByCard(s.sessionKey, FRICTIONLESS)).json).toMatchObject({ status: 'paid', info: { captured: false } });
    expect((await merchantSession(s.reference)).status).toBe('authorized');
    expect((await capture(s.sessionId)).json).toMatchObject({ status: 'paid' });

    const sale = await newSession(4600, { authOnly: false });
    const refused = await call('POST', '/api/checkout/session/parameters', { session: sale.sessionKey, body: { authOnly: true } });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ field: 'authOnly' });
  }, 30_000);
});

describe('webhookInfo', () => {
  it('is echoed in every webhook of the session: each card decline and the approval', async () => {
    const webhookInfo = { orderRef: 'A-17', nested: { campaign: 'spring', n: 3 } };
    const s = await newSession(1800, { webhookInfo });
    expect((await payByCard(s.sessionKey, DECLINED)).json).toMatchObject({ status: 'declined' });
    expect((await payByCard(s.sessionKey, FRICTIONLESS)).json).toMatchObject({ status: 'paid' });
    await vi.waitFor(async () => expect(await eventsOf(s.sessionId)).toHaveLength(2), { timeout: 20_000 });
    const events = await eventsOf(s.sessionId);
    expect(events.map((e) => e.type).sort()).toEqual(['payment.approved', 'payment.card_declined']);
    for (const event of events) expect(event.data.webhookInfo).toEqual(webhookInfo);
  }, 30_000);

  it("is taken from the page's link when the merchant gave none, and the same again is fine", async () => {
    const s = await newSession(1900);
    const body = { webhookInfo: { cart: 'c-9' } };
    expect((await call('POST', '/api/checkout/session/parameters', { session: s.sessionKey, body })).status).toBe(200);
    expect((await call('POST', '/api/checkout/session/parameters', { session: s.sessionKey, body })).status).toBe(200);
    const other = await call('POST', '/api/checkout/session/parameters', {
      session: s.sessionKey,
      body: { webhookInfo: { cart: 'c-10' } },
    });
    expect(other.status).toBe(409);
    expect(other.json).toMatchObject({ field: 'webhookInfo' });
    expect((await payByCard(s.sessionKey, FRICTIONLESS)).json).toMatchObject({ status: 'paid' });
    await vi.waitFor(async () => expect(await eventsOf(s.sessionId, 'payment.approved')).toHaveLength(1), { timeout: 20_000 });
    expect((await eventsOf(s.sessionId, 'payment.approved'))[0]!.data.webhookInfo).toEqual({ cart: 'c-9' });
  }, 30_000);
});

describe('settlementType, tokens, lockDefaultToken: what the merchant receives', () => {
  it('records them and echoes them in the success info and the webhook', async () => {
    const usdcMint = (await t.app.checkoutHost.chains.get('solana')).usdc;
    const s = await newSession(2100, { settlementType: 'USDC', tokens: [usdcMint, 'USDC'], lockDefaultToken: true });
    const paid = await payByCard(s.sessionKey, FRICTIONLESS);
    const echoed = { settlementType: 'USDC', tokens: [usdcMint, 'USDC'], lockDefaultToken: true };
    expect(paid.json).toMatchObject({ status: 'paid', info: echoed });
    await vi.waitFor(async () => expect(await eventsOf(s.sessionId, 'payment.approved')).toHaveLength(1), { timeout: 20_000 });
    expect((await eventsOf(s.sessionId, 'payment.approved'))[0]!.data).toMatchObject(echoed);
    // Unsaid: what the host settles in.
    const plain = await newSession(2200);
    expect((await payByCard(plain.sessionKey, FRICTIONLESS)).json).toMatchObject({ info: { settlementType: 'USDC' } });
  }, 30_000);

  it.each([
    [{ settlementType: 'Bank' }, 'settlementType'],
    [{ settlementType: 'Credits' }, 'settlementType'],
    [{ settlementType: 'Gold' }, 'settlementType'],
    [{ tokens: ['DOGE'] }, 'tokens.0'],
    [{ tokens: ['USDC', Keypair.generate().publicKey.toBase58()] }, 'tokens.1'],
    [{ tokens: [] }, 'tokens'],
    [{ lockDefaultToken: 'yes' }, 'lockDefaultToken'],
    [{ webhookInfo: 'order-1' }, 'webhookInfo'],
    [{ webhookInfo: { big: 'over 4 KB' } }, 'webhookInfo'],
    [{ authOnly: 'true' }, 'authOnly'],
  ])(
    'refuses %j with 400 naming %s: at creation, and from the page',
    async (given, field) => {
      // (The title's stand-in for a webhookInfo over 4 KB of JSON.)
      const extra = 'webhookInfo' in given && typeof given.webhookInfo === 'object' ? { webhookInfo: { big: 'x'.repeat(5000) } } : given;
      const created = await call('POST', `/api/merchants/test-shop/sessions`, { key: merchant.apiKey, body: createBody(2300, extra) });
      expect(created.status, created.text).toBe(400);
      expect(created.json).toMatchObject({ success: false, field });
      const s = await newSession(2300);
      const fromPage = await call('POST', '/api/checkout/session/parameters', { session: s.sessionKey, body: extra });
      expect(fromPage.status, fromPage.text).toBe(400);
      expect(fromPage.json).toMatchObject({ success: false, field });
      expect((await call('GET', '/api/checkout/session', { session: s.sessionKey })).json).toMatchObject({
        settlementType: 'USDC',
        authOnly: false,
      });
    },
    30_000,
  );
});
