// Issue 8, "a newcomer on another address": opened at http://127.0.0.1:3000 instead of
// http://localhost:3000, the pay page's card frame was refused (the vault's frame-ancestors named only
// PUBLIC_URL). With no configuration both loopback names work; with PUBLIC_URL set, exactly that origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/test-app.ts';
import { createShopper } from './support/checkout.ts';
import { answerChallenge, init, paymentFirst, pendingOrder, SANDBOX_CARDS } from './support/payments.ts';
import { frameTokenize, tokenizeCard, vaultUrl } from './support/vault.ts';

const directives = (header: string | null | undefined) =>
  new Map(
    String(header)
      .split(';')
      .map((part) => {
        const [name, ...sources] = part.trim().split(/\s+/);
        return [name!, sources] as const;
      }),
  );

describe('with no PUBLIC_URL', () => {
  let t: TestApp;
  let localhost: string;
  let loopback: string;
  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL: undefined });
    [localhost, loopback] = t.app.config.STORE_ORIGINS as [string, string];
  });
  afterAll(() => t.close());

  it('takes both loopback names as the store', () => {
    expect(localhost).toMatch(/^http:\/\/localhost:\d+$/);
    expect(loopback).toBe(localhost.replace('localhost', '127.0.0.1'));
  });

  it('lets a page on either name frame the card fields, which answer that page', async () => {
    for (const origin of [localhost, loopback]) {
      const field = await fetch(vaultUrl(t.app, `/fields/card-number?origin=${encodeURIComponent(origin)}`));
      expect(directives(field.headers.get('content-security-policy')).get('frame-ancestors')).toEqual([localhost, loopback]);
      expect(await field.text()).toContain(`data-store-origin="${origin}"`);
    }
    // A page elsewhere naming itself is not answered: the field keeps to a store origin.
    const foreign = await (await fetch(vaultUrl(t.app, '/fields/cvv?origin=https%3A%2F%2Fevil.example'))).text();
    expect(foreign).toContain(`data-store-origin="${localhost}"`);
  });

  it('answers /tokenize for either name and no other', async () => {
    for (const origin of [localhost, loopback]) {
      const res = await frameTokenize(t.app, { kind: 'cvv', cvv: '123' }, { headers: { origin } });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    }
    expect((await frameTokenize(t.app, { kind: 'cvv', cvv: '123' }, { headers: { origin: 'http://localhost:1' } })).status).toBe(403);
  });

  it("lets the page connect to either name's live connection", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/ping' });
    const connect = directives(String(page.headers['content-security-policy'])).get('connect-src');
    // and the hosted checkout's origin (ADR 020), which the embedded checkout's SDK calls.
    expect(connect).toEqual(["'self'", localhost.replace('http', 'ws'), loopback.replace('http', 'ws'), t.app.checkoutHost.origin()]);
  });

  it('keeps the shopper on the name they opened: the bank page and its way back are paths', async () => {
    const shopper = await createShopper(t.app.db);
    const order = await pendingOrder(t.app, shopper);
    const step1 = (await init(t.app, shopper, { orderId: order._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.challenge) })).json()
      .data;
    const step2 = (
      await paymentFirst(t.app, shopper, {
        orderId: order._id,
        version: step1.paymentOption.card.threeD.version,
        relatedTransactionId: step1.transactionId,
      })
    ).json().data;
    expect(step2.url).toMatch(/^\/sandbox\/3ds\/\d+\?secret=/);
    const back = await answerChallenge(t.app, step2, 'approve');
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/payment-success?orderId=${order._id}`);
  });
});

describe('with PUBLIC_URL set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL: 'https://shop.example' });
  });
  afterAll(() => t.close());

  it('takes exactly that origin, for the frames and for /tokenize', async () => {
    expect(t.app.config.STORE_ORIGINS).toEqual(['https://shop.example']);
    const field = await fetch(vaultUrl(t.app, '/fields/card-number?origin=http%3A%2F%2F127.0.0.1%3A3000'));
    expect(directives(field.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(['https://shop.example']);
    expect(await field.text()).toContain('data-store-origin="https://shop.example"');
    expect((await frameTokenize(t.app, { kind: 'cvv', cvv: '123' }, { headers: { origin: 'http://127.0.0.1:3000' } })).status).toBe(403);
  });
});
