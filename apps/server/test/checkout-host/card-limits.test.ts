// Issue 21: the hosted checkout counts card attempts itself, as a service of its own would, whatever its
// merchants count: per merchant customer across all their sessions (a new session per cart gives no fresh
// attempts), per device (the SDK's deviceId) and per address, a decline weighing 4; it tells the merchant
// of each card it declines (payment.card_declined, signed); and it honours a merchant's hold on its
// customer, sessions opened before included. Real HTTP to the host's port, addresses through the trusted
// proxy's X-Forwarded-For (ADR 031).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../support/test-app.ts';
import { tokenizeCard } from '../support/vault.ts';
import { BROWSER_DETAILS } from '../support/payments.ts';
import { hostCaller, type HostAnswer } from '../support/checkout-host-calls.ts';
import { checkoutCardAttempts } from '@store/checkout-host/testing';
import { checkCheckoutSignature } from '../../src/providers/payments/coinflow/signature.ts';
import type { MerchantCredentials } from '@store/checkout-host';

const PER_CUSTOMER = 8;
const PER_DEVICE = 8;
const PER_ADDRESS = 12;
const WINDOW_MINUTES = 20;
const DECLINED = '4000000000000002';
const APPROVED = '4111111111111111';

let t: TestApp;
let merchant: MerchantCredentials;
let webhook: http.Server;
const received: { signature: string; body: string }[] = [];

beforeAll(async () => {
  webhook = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ signature: String(req.headers['x-checkout-signature']), body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => webhook.listen(0, '127.0.0.1', r));
  t = await buildTestApp(
    {
      TRUST_PROXY: ['127.0.0.1'],
      CHECKOUT_CARD_ATTEMPTS_PER_CUSTOMER: PER_CUSTOMER,
      CHECKOUT_CARD_ATTEMPTS_PER_DEVICE: PER_DEVICE,
      CHECKOUT_CARD_ATTEMPTS_PER_ADDRESS: PER_ADDRESS,
      CHECKOUT_CARD_ATTEMPT_WINDOW_MINUTES: WINDOW_MINUTES,
    },
    { seedDemo: false },
  );
  merchant = await t.app.checkoutHost.ensureMerchant({
    id: 'limit-shop',
    name: 'Limit Shop',
    allowedOrigins: ['https://shop.example'],
    webhookUrl: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/hook`,
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  webhook?.close();
});

let addresses = 0;
const newAddress = () => `203.0.113.${++addresses}`;
let customers = 0;
const newCustomer = () => `customer-${++customers}-${Date.now()}`;

type Answer = HostAnswer;
/** The host is reached as its clients reach it; `origin` is read on each call (it listens once the app starts). */
const call = hostCaller(() => t.app.checkoutHost.origin());

let refs = 0;
/** A session the merchant's server opens for its customer. */
async function newSession(customerId: string) {
  const res = await call('POST', `/api/merchants/${merchant.merchantId}/sessions`, {
    key: merchant.apiKey,
    body: {
      reference: `cart-${++refs}-${Date.now()}`,
      amountCents: 500,
      currency: 'USD',
      customer: { id: customerId, email: 'mei@example.com' },
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { sessionId: res.json.sessionId as string, sessionKey: res.json.sessionKey as string };
}

async function pay(session: { sessionKey: string }, from: string, number: string, deviceId?: string) {
  return call('POST', '/api/checkout/card', {
    session: session.sessionKey,
    from,
    body: { browserDetails: BROWSER_DETAILS, cardToken: await tokenizeCard(t.app, number), ...(deviceId ? { deviceId } : {}) },
  });
}

function expectLimited(res: Answer, waitAtMostSeconds = WINDOW_MINUTES * 60) {
  expect(res.status, JSON.stringify(res.json)).toBe(429);
  expect(res.json).toMatchObject({ success: false, code: 'CARD_ATTEMPTS_LIMITED' });
  expect(res.json.message).toMatch(/^Too many card attempts\. Please wait \d+ minutes? before trying again\.$/);
  expect(Number(res.retryAfter)).toBeGreaterThan(0);
  expect(Number(res.retryAfter)).toBeLessThanOrEqual(waitAtMostSeconds);
}

const cardsTried = async (...sessionIds: string[]) =>
  (await t.database.db.select().from(checkoutCardAttempts).where(inArray(checkoutCardAttempts.sessionId, sessionIds))).length;

describe("the host's own card-attempt limits", () => {
  it('per customer, across sessions: a new session per cart gives no fresh attempts; the merchant hears of each decline', async () => {
    const customer = newCustomer();
    const first = await newSession(customer);
    for (let i = 0; i < PER_CUSTOMER / 4; i++)
      expect((await pay(first, newAddress(), DECLINED)).json).toMatchObject({ status: 'declined' });
    const second = await newSession(customer);
    expectLimited(await pay(second, newAddress(), APPROVED));
    expectLimited(await pay(first, newAddress(), APPROVED));
    expect(await cardsTried(first.sessionId, second.sessionId)).toBe(PER_CUSTOMER / 4);
    // Another customer of the merchant is not held up.
    expect((await pay(await newSession(newCustomer()), newAddress(), APPROVED)).json).toMatchObject({ status: 'paid' });

    // Each decline, told to the merchant and signed: payment.card_declined.
    await vi.waitFor(
      async () => {
        await t.app.checkoutHost.deliverWebhooks();
        const told = received
          .map((r) => ({ ...r, event: JSON.parse(r.body) as { type: string; data: Record<string, unknown> } }))
          .filter((r) => r.event.type === 'payment.card_declined' && r.event.data.sessionId === first.sessionId);
        expect(told.map((r) => r.event.data)).toEqual([
          expect.objectContaining({
            customerId: customer,
            code: 'CARD_DECLINED',
            declines: 1,
            final: false,
            method: 'card',
            amountCents: 500,
          }),
          expect.objectContaining({ customerId: customer, code: 'CARD_DECLINED', declines: 2, final: false }),
        ]);
        for (const r of told) expect(checkCheckoutSignature(merchant.webhookSecret, r.body, r.signature)).toBe('valid');
      },
      { timeout: 20_000, interval: 100 },
    );
  }, 60_000);

  it("per device: the SDK's deviceId counts across customers and addresses", async () => {
    const device = `dev_${'a'.repeat(32)}`;
    for (let i = 0; i < PER_DEVICE / 4; i++)
      expect((await pay(await newSession(newCustomer()), newAddress(), DECLINED, device)).json).toMatchObject({ status: 'declined' });
    const fresh = await newSession(newCustomer());
    expectLimited(await pay(fresh, newAddress(), APPROVED, device));
    expect(await cardsTried(fresh.sessionId)).toBe(0);
    // The page of another device is not held up.
    expect((await pay(fresh, newAddress(), APPROVED, `dev_${'b'.repeat(32)}`)).json).toMatchObject({ status: 'paid' });
    // A device id that is not one is refused, naming the field.
    const bad = await pay(await newSession(newCustomer()), newAddress(), APPROVED, 'not a device id!');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ code: 'VALIDATION_FAILED', field: 'deviceId' });
  }, 60_000);

  it('per address: many customers behind one address', async () => {
    const shared = newAddress();
    for (let i = 0; i < PER_ADDRESS / 4; i++)
      expect((await pay(await newSession(newCustomer()), shared, DECLINED)).json).toMatchObject({ status: 'declined' });
    const fresh = await newSession(newCustomer());
    expectLimited(await pay(fresh, shared, APPROVED));
    expect((await pay(fresh, newAddress(), APPROVED)).json).toMatchObject({ status: 'paid' });
  }, 60_000);
});

describe("a merchant's hold on its customer (PUT /api/merchants/{id}/customers/{customer}/card-hold)", () => {
  const holdPath = (customer: string) => `/api/merchants/${merchant.merchantId}/customers/${encodeURIComponent(customer)}/card-hold`;
  const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

  it('refuses card payments of every session of the customer, those opened before included, until then', async () => {
    const customer = newCustomer();
    const before = await newSession(customer);
    const held = await call('PUT', holdPath(customer), { key: merchant.apiKey, body: { until: inMinutes(10) } });
    expect(held.status, JSON.stringify(held.json)).toBe(200);
    expect(held.json).toMatchObject({ customerId: customer });
    expectLimited(await pay(before, newAddress(), APPROVED), 10 * 60);
    expectLimited(await pay(await newSession(customer), newAddress(), APPROVED), 10 * 60);
    expect(await cardsTried(before.sessionId)).toBe(0);

    // A shorter hold told later keeps the longer one.
    const shorter = await call('PUT', holdPath(customer), { key: merchant.apiKey, body: { until: inMinutes(2) } });
    expect(shorter.status).toBe(200);
    expect(Date.parse(shorter.json.until as string)).toBe(Date.parse(held.json.until as string));
    // Another customer of the merchant pays.
    expect((await pay(await newSession(newCustomer()), newAddress(), APPROVED)).json).toMatchObject({ status: 'paid' });
  }, 60_000);

  it('is for the merchant alone, and a bad hold is refused naming the field, changing nothing', async () => {
    const customer = newCustomer();
    expect((await call('PUT', holdPath(customer), { body: { until: inMinutes(5) } })).status).toBe(401);
    expect((await call('PUT', holdPath(customer), { key: `${merchant.apiKey}x`, body: { until: inMinutes(5) } })).status).toBe(401);
    for (const body of [
      {},
      { until: 'tomorrow' },
      { until: inMinutes(-1) },
      { until: inMinutes(8 * 24 * 60) },
      { until: inMinutes(5), x: 1 },
    ]) {
      const res = await call('PUT', holdPath(customer), { key: merchant.apiKey, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(['until', 'x']).toContain(res.json.field);
    }
    expect((await pay(await newSession(customer), newAddress(), APPROVED)).json).toMatchObject({ status: 'paid' });
  }, 60_000);
});
