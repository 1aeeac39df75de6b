// Which Stripe the store talks to (ADR 012): with keys, Stripe itself (the web gets the publishable key
// and Stripe's scripts are allowed by the page's CSP; no sandbox page exists); without, the sandbox, whose
// pages answer only this machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { buildTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { createShopper } from '../../../../test/support/checkout.ts';
import { postWebhook, saveStripeCardRaw } from '../../../../test/support/stripe.ts';

describe('with Stripe keys', () => {
  const secret = 'whsec_live_like_secret_0123456789';
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(
      { STRIPE_SECRET_KEY: 'sk_test_notarealkey', STRIPE_PUBLISHABLE_KEY: 'pk_test_notarealkey', STRIPE_WEBHOOK_SECRET: secret },
      { seedDemo: false },
    );
  });
  afterAll(() => t.close());

  it("hands the web the publishable key, allows Stripe's scripts, and serves no sandbox page", async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/payment/stripe/config' });
    expect(config.json().data).toMatchObject({ mode: 'stripe', publishableKey: 'pk_test_notarealkey' });
    const csp = String((await t.app.inject({ method: 'GET', url: '/api/ping' })).headers['content-security-policy']);
    expect(csp).toContain('https://js.stripe.com');
    expect(csp).toContain('https://api.stripe.com');
    expect(t.app.paymentProviders.forMethod('stripe_card')?.name).toBe('stripe');
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/stripe/3ds/pi_abcdefghijkl?secret=x' })).statusCode).toBe(404);
  });

  it("refuses a vault token (Stripe's card element gives a PaymentMethod) before calling Stripe", async () => {
    const s = await createShopper(t.database.db);
    const res = await saveStripeCardRaw(t.app, s, { vaultToken: 'card_abcdefghijkl' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('vaultToken');
  });

  it('verifies webhooks with the endpoint secret; an event about no payment of ours is acknowledged', async () => {
    const event = { id: 'evt_live_1', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1', object: 'customer' } } };
    expect((await postWebhook(t.app, event, 'whsec_wrong_secret_0123456789')).statusCode).toBe(401);
    const ok = await postWebhook(t.app, event, secret);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ received: true });
  });
});

describe('with the sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { seedDemo: false });
  });
  afterAll(() => t.close());

  it('hands the web the vault, and its pages answer only this machine', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/payment/stripe/config' });
    expect(config.json().data).toMatchObject({ mode: 'sandbox', publishableKey: null });
    expect(config.json().data.vaultOrigin).toMatch(/^http:\/\/localhost:\d+$/);
    const remote = await t.app.inject({ method: 'GET', url: '/sandbox/stripe/3ds/pi_abcdefghijkl?secret=x', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    const local = await t.app.inject({ method: 'GET', url: '/sandbox/stripe/3ds/pi_abcdefghijkl?secret=x' });
    expect(local.statusCode).toBe(404);
  });

  it("the sandbox's API, on a loopback port, refuses a caller without its key, as Stripe does", async () => {
    const base = new URL(t.app.stripeGateway!.apiBase());
    expect(base.hostname).toBe('127.0.0.1');
    const client = new Stripe('sk_test_wrong', { host: base.hostname, port: base.port, protocol: 'http', maxNetworkRetries: 0 });
    await expect(client.customers.create()).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
  });
});
