// Issue 23: the fraud device id reaches the host's fraud check before every payment (ADR 045). Through the
// host's own HTTP port as the purchase-v2 page calls it: a device the sandbox flags is declined with a
// clear reason before any provider is asked (the card sandbox records no call for the session, the ACH
// sandbox is not asked, no chain transfer is prepared); an ordinary device pays; each check is stored with
// its device id and the payment it let through; a fraud service that does not answer in time (or fails)
// is handled by the configured policy ('review' here: the payment goes on, a card asked for 3-D Secure).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SANDBOX_ACCOUNTS, SANDBOX_ROUTING } from '../support/ach.ts';
import { BROWSER_DETAILS } from '../support/payments.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';
import { tokenizeCard } from '../support/vault.ts';
import { fraudChecksOf, latestBankAttempt, latestCardAttempt } from '@store/checkout-host/testing';
import type { MerchantCredentials } from '@store/checkout-host';
import { hostCaller } from '../support/checkout-host-calls.ts';

const FRAUD_TIMEOUT_MS = 300;
const APPROVED = '4111111111111111';
const ORDINARY_DEVICE = 'sbx_0123456789abcdef0123456789abcdef';
const FRAUD_MESSAGE = 'This payment could not be accepted. Contact the merchant if you think this is a mistake.';

let t: TestApp;
let merchant: MerchantCredentials;
let webhook: http.Server;
const received: string[] = [];

beforeAll(async () => {
  webhook = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push(body);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => webhook.listen(0, '127.0.0.1', r));
  // The default failure policy ('review'), with a short time limit.
  t = await buildTestApp({ CHECKOUT_FRAUD_TIMEOUT_MS: FRAUD_TIMEOUT_MS }, { seedDemo: false });
  merchant = await t.app.checkoutHost.ensureMerchant({
    id: 'fraud-shop',
    name: 'Fraud Shop',
    allowedOrigins: ['https://shop.example'],
    webhookUrl: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/hook`,
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  webhook?.close();
});

const call = hostCaller(() => t.app.checkoutHost.origin());

let refs = 0;
async function newSession(amountCents = 1500, allowedPaymentMethods = ['card', 'usdc', 'ach']) {
  const reference = `fraud-${++refs}-${Date.now()}`;
  const res = await call('POST', `/api/merchants/${merchant.merchantId}/sessions`, {
    key: merchant.apiKey,
    body: { reference, amountCents, currency: 'USD', customer: { id: `c-${refs}`, email: 'mei@example.com' }, allowedPaymentMethods },
  });
  expect(res.status, res.text).toBe(201);
  return { reference, sessionId: res.json.sessionId as string, sessionKey: res.json.sessionKey as string };
}

const merchantSession = async (reference: string) =>
  (await call('GET', `/api/merchants/${merchant.merchantId}/sessions/by-reference/${reference}`, { key: merchant.apiKey })).json;

/** Every call the sandbox card provider received for a session (its order). */
const cardProviderCalls = async (sessionId: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/sandbox/nuvei/orders/${sessionId}/transactions` });
  return (res.json() as { data: { kind: string; status: string }[] }).data;
};

const payByCard = async (s: { sessionKey: string }, number: string, deviceId?: unknown) =>
  call('POST', '/api/checkout/card', {
    session: s.sessionKey,
    body: {
      browserDetails: BROWSER_DETAILS,
      cardToken: await tokenizeCard(t.app, number),
      ...(deviceId !== undefined ? { deviceId } : {}),
    },
  });

const declinedEvent = async (sessionId: string) => {
  await t.app.checkoutHost.deliverWebhooks();
  return received
    .map((body) => JSON.parse(body) as { type: string; data: Record<string, unknown> })
    .find((e) => e.type === 'payment.declined' && e.data.sessionId === sessionId);
};

describe('a device the fraud sandbox flags', () => {
  it('card: declined with a clear reason before the card provider is asked; the session ends declined, the merchant told', async () => {
    const s = await newSession();
    const res = await payByCard(s, APPROVED, 'fraud_deny_card1');
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ status: 'declined', code: 'FRAUD_DECLINED', reason: FRAUD_MESSAGE, final: true });
    // The shopper hears nothing of the score or its reasons.
    expect(res.text).not.toMatch(/score|deny list|95/);
    expect(await cardProviderCalls(s.sessionId)).toEqual([]);
    expect(await latestCardAttempt(t.database.db, s.sessionId)).toBeUndefined();
    expect(await merchantSession(s.reference)).toMatchObject({
      status: 'declined',
      method: 'card',
      code: 'FRAUD_DECLINED',
      reason: FRAUD_MESSAGE,
    });
    await vi.waitFor(async () => expect(await declinedEvent(s.sessionId)).toBeDefined(), { timeout: 20_000 });
    expect((await declinedEvent(s.sessionId))!.data).toMatchObject({ code: 'FRAUD_DECLINED', method: 'card' });
    // Stored: the device, the verdict and its score, no payment.
    expect(await fraudChecksOf(t.database.db, s.sessionId)).toMatchObject([
      {
        method: 'card',
        deviceId: 'fraud_deny_card1',
        decision: 'decline',
        score: 95,
        outcome: 'checked',
        provider: 'sandbox',
        paymentId: null,
      },
    ]);
    // Another card from another device cannot pay the closed session.
    const again = await payByCard(s, APPROVED, ORDINARY_DEVICE);
    expect(again.status).toBe(409);
    expect(await cardProviderCalls(s.sessionId)).toEqual([]);
  }, 30_000);

  it('bank account: declined before the account is linked or debited', async () => {
    const provider = t.app.paymentProviders.forMethod('bank_account')!;
    const link = vi.spyOn(provider as unknown as { addBankAccount: () => unknown }, 'addBankAccount');
    const start = vi.spyOn(provider, 'start');
    try {
      const s = await newSession(1600, ['ach']);
      const res = await call('POST', '/api/checkout/ach', {
        session: s.sessionKey,
        body: {
          routingNumber: SANDBOX_ROUTING.federal,
          accountNumber: SANDBOX_ACCOUNTS.settles,
          accountType: 'checking',
          deviceId: 'fraud_deny_ach',
        },
      });
      expect(res.json).toEqual({ status: 'declined', code: 'FRAUD_DECLINED', reason: FRAUD_MESSAGE, final: true });
      expect(link).not.toHaveBeenCalled();
      expect(start).not.toHaveBeenCalled();
      expect(await latestBankAttempt(t.database.db, s.sessionId)).toBeUndefined();
      expect(await merchantSession(s.reference)).toMatchObject({ status: 'declined', method: 'ach', code: 'FRAUD_DECLINED' });
      expect(await fraudChecksOf(t.database.db, s.sessionId)).toMatchObject([
        { method: 'ach', deviceId: 'fraud_deny_ach', decision: 'decline' },
      ]);
    } finally {
      link.mockRestore();
      start.mockRestore();
    }
  }, 30_000);

  it('USDC: declined before a transfer is prepared for the wallet to sign', async () => {
    const s = await newSession(1700, ['usdc']);
    const res = await call('POST', '/api/checkout/usdc/prepare', {
      session: s.sessionKey,
      body: { chain: 'solana', payer: Keypair.generate().publicKey.toBase58(), deviceId: 'fraud_deny_usdc' },
    });
    expect(res.json).toEqual({ status: 'declined', code: 'FRAUD_DECLINED', reason: FRAUD_MESSAGE, final: true });
    expect(res.json.transaction).toBeUndefined();
    expect(await merchantSession(s.reference)).toMatchObject({ status: 'declined', method: 'usdc', code: 'FRAUD_DECLINED' });
    expect(await fraudChecksOf(t.database.db, s.sessionId)).toMatchObject([{ method: 'usdc', decision: 'decline', paymentId: null }]);
  }, 30_000);
});

describe('an ordinary device', () => {
  it('pays by card; the device id and the verdict are stored with the card attempt', async () => {
    const s = await newSession(1800);
    const res = await payByCard(s, APPROVED, ORDINARY_DEVICE);
    expect(res.json).toMatchObject({ status: 'paid', info: { sessionId: s.sessionId, method: 'card', amountCents: 1800 } });
    expect((await cardProviderCalls(s.sessionId)).filter((c) => c.status === 'approved')).toHaveLength(1);
    const attempt = (await latestCardAttempt(t.database.db, s.sessionId))!;
    const [check, ...more] = await fraudChecksOf(t.database.db, s.sessionId);
    expect(more).toEqual([]);
    expect(check).toMatchObject({
      method: 'card',
      paymentId: attempt.id,
      deviceId: ORDINARY_DEVICE,
      decision: 'approve',
      outcome: 'checked',
    });
    expect(check!.score).toBeLessThan(50);
  }, 30_000);

  it('without a device id the payment is still checked (and scored on the rest), and pays', async () => {
    const s = await newSession(1900);
    const res = await payByCard(s, APPROVED);
    expect(res.json).toMatchObject({ status: 'paid' });
    expect(await fraudChecksOf(t.database.db, s.sessionId)).toMatchObject([
      { deviceId: null, decision: 'approve', reason: 'no device id' },
    ]);
  }, 30_000);

  it('prepares a USDC transfer; the check is stored with the chain payment', async () => {
    const s = await newSession(2000, ['usdc']);
    const res = await call('POST', '/api/checkout/usdc/prepare', {
      session: s.sessionKey,
      body: { chain: 'solana', payer: Keypair.generate().publicKey.toBase58(), deviceId: ORDINARY_DEVICE },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ status: 'prepared', paymentId: expect.any(String), transaction: expect.any(String) });
    expect(await fraudChecksOf(t.database.db, s.sessionId)).toMatchObject([
      { method: 'usdc', paymentId: res.json.paymentId, deviceId: ORDINARY_DEVICE, decision: 'approve' },
    ]);
  }, 60_000);

  it('submits a bank debit; the check is stored with the bank attempt', async () => {
    const s = await newSession(2100, ['ach']);
    const res = await call('POST', '/api/checkout/ach', {
      session: s.sessionKey,
      body: {
        routingNumber: SANDBOX_ROUTING.federal,
        accountNumber: SANDBOX_ACCOUNTS.settles,
        accountType: 'checking',
        deviceId: ORDINARY_DEVICE,
      },
    });
    expect(res.json).toMatchObject({ status: 'pending' });
    const attempt = (await latestBankAttempt(t.database.db, s.sessionId))!;
    expect(await fraudChecksOf(t.database.db, s.sessionId)).toMatchObject([
      { method: 'ach', paymentId: attempt.id, deviceId: ORDINARY_DEVICE },
    ]);
  }, 30_000);
});

describe("when the fraud service does not answer in time, or fails ('review' policy)", () => {
  it('a card goes on but is asked for 3-D Secure; the check is stored as timed out, without a score', async () => {
    const s = await newSession(2200);
    const res = await payByCard(s, APPROVED, 'fraud_timeout_1');
    // A frictionless card, challenged because the check could not clear it.
    expect(res.json).toMatchObject({ status: 'challenge', challengeUrl: expect.any(String) });
    expect(await merchantSession(s.reference)).toMatchObject({ status: 'processing' });
    const attempt = (await latestCardAttempt(t.database.db, s.sessionId))!;
    expect(await fraudChecksOf(t.database.db, s.sessionId)).toMatchObject([
      {
        paymentId: attempt.id,
        deviceId: 'fraud_timeout_1',
        decision: 'review',
        score: null,
        outcome: 'timeout',
        reason: `no answer within ${FRAUD_TIMEOUT_MS} ms`,
      },
    ]);
  }, 30_000);

  it('a bank debit goes on when the service is down; the check is stored as failed', async () => {
    const s = await newSession(2300, ['ach']);
    const res = await call('POST', '/api/checkout/ach', {
      session: s.sessionKey,
      body: {
        routingNumber: SANDBOX_ROUTING.federal,
        accountNumber: SANDBOX_ACCOUNTS.settles,
        accountType: 'checking',
        deviceId: 'fraud_down_1',
      },
    });
    expect(res.json).toMatchObject({ status: 'pending' });
    expect(await fraudChecksOf(t.database.db, s.sessionId)).toMatchObject([{ decision: 'review', score: null, outcome: 'error' }]);
  }, 30_000);

  it("a device on the sandbox's review list: the card is asked for 3-D Secure", async () => {
    const s = await newSession(2400);
    expect((await payByCard(s, APPROVED, 'fraud_review_1')).json).toMatchObject({ status: 'challenge' });
    expect(await fraudChecksOf(t.database.db, s.sessionId)).toMatchObject([{ decision: 'review', score: 60, outcome: 'checked' }]);
  }, 30_000);
});

describe('the device id the page sends', () => {
  const bad: [string, unknown][] = [
    ['too long', 'a'.repeat(129)],
    ['empty', ''],
    ['with a space', 'sbx_ bad'],
    ['with markup', '<script>'],
    ['not a string', 42],
  ];
  it.each(bad)(
    '%s: 400 naming deviceId on the card, bank and USDC calls, the session left open and unchecked',
    async (_name, deviceId) => {
      const s = await newSession(2500);
      const payer = Keypair.generate().publicKey.toBase58();
      const answers = [
        await payByCard(s, APPROVED, deviceId),
        await call('POST', '/api/checkout/ach', {
          session: s.sessionKey,
          body: { routingNumber: SANDBOX_ROUTING.federal, accountNumber: SANDBOX_ACCOUNTS.settles, accountType: 'checking', deviceId },
        }),
        await call('POST', '/api/checkout/usdc/prepare', { session: s.sessionKey, body: { chain: 'solana', payer, deviceId } }),
      ];
      for (const res of answers) {
        expect(res.status, res.text).toBe(400);
        expect(res.json).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field: 'deviceId' });
      }
      expect(await merchantSession(s.reference)).toMatchObject({ status: 'open' });
      expect(await fraudChecksOf(t.database.db, s.sessionId)).toEqual([]);
      expect(await cardProviderCalls(s.sessionId)).toEqual([]);
    },
    30_000,
  );
});

describe("the 'decline' failure policy (CHECKOUT_FRAUD_ON_FAILURE=decline)", () => {
  let strict: TestApp;
  let shop: MerchantCredentials;
  beforeAll(async () => {
    strict = await buildTestApp({ CHECKOUT_FRAUD_TIMEOUT_MS: FRAUD_TIMEOUT_MS, CHECKOUT_FRAUD_ON_FAILURE: 'decline' }, { seedDemo: false });
    shop = await strict.app.checkoutHost.ensureMerchant({
      id: 'strict-shop',
      name: 'Strict Shop',
      allowedOrigins: [],
      webhookUrl: 'http://127.0.0.1:9/h',
    });
  }, 60_000);
  afterAll(async () => {
    await strict?.close();
  });

  it('a card whose check times out is declined as a flagged one, before the card provider is asked', async () => {
    const base = strict.app.checkoutHost.origin().replace('localhost', '127.0.0.1');
    const created = await fetch(`${base}/api/merchants/strict-shop/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-merchant-key': shop.apiKey },
      body: JSON.stringify({ reference: 'strict-1', amountCents: 900, currency: 'USD', customer: { id: 'c', email: 'mei@example.com' } }),
    });
    const session = (await created.json()) as { sessionId: string; sessionKey: string };
    const res = await fetch(`${base}/api/checkout/card`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-key': session.sessionKey },
      body: JSON.stringify({
        browserDetails: BROWSER_DETAILS,
        cardToken: await tokenizeCard(strict.app, APPROVED),
        deviceId: 'fraud_timeout_2',
      }),
    });
    expect(await res.json()).toEqual({ status: 'declined', code: 'FRAUD_DECLINED', reason: FRAUD_MESSAGE, final: true });
    const calls = await strict.app.inject({ method: 'GET', url: `/sandbox/nuvei/orders/${session.sessionId}/transactions` });
    expect((calls.json() as { data: unknown[] }).data).toEqual([]);
    expect(await fraudChecksOf(strict.database.db, session.sessionId)).toMatchObject([
      { decision: 'decline', score: null, outcome: 'timeout', deviceId: 'fraud_timeout_2', paymentId: null },
    ]);
  }, 30_000);
});
