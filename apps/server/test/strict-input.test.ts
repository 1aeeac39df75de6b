// An /api route takes only the query and body fields it declares: routes without a querystring schema
// get an empty strict one, body-less POST/DELETE routes an empty or absent body (plugins/input-guard.ts).
// Pages outside /api (the web app's fallback, the mailbox, the 3-D Secure page, socket.io) keep working.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/test-app.ts';
import { addToCart, as, createShopper, STARTER_POUCH, type Shopper } from './support/checkout.ts';

let t: TestApp;
let shopper: Shopper;
let webDist: string;
beforeAll(async () => {
  // A stand-in for the built web app, so the fallback to index.html is exercised.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'strict-input-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>store</title><div id="root"></div>');
  t = await buildTestApp({ WEB_DIST: webDist });
  shopper = await createShopper(t.app.db);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const signedIn = (opts: InjectOptions) => as(t.app, shopper, opts);
const unknownQuery = { success: false, message: "Unknown field 'foo' in querystring", code: 'VALIDATION_FAILED', field: 'foo' };
const unknownBody = { success: false, message: "Unknown field 'foo' in body", code: 'VALIDATION_FAILED', field: 'foo' };

describe('unknown query parameters on /api routes', () => {
  const guestRoutes = [
    '/api/ping',
    '/api/v1/settings',
    '/api/v1/cart/convertionrate',
    '/api/v1/admin/promotions/active-promotion',
    '/api/v1/admin/promotions/active-promotion-web',
    '/api/v1/admin/product/getDistinctPrices',
    `/api/v1/admin/product/eachProduct/${STARTER_POUCH}`,
    '/api/v1/admin/gift-card/20000000-0000-4000-8000-000000000001',
    '/api/v1/auth/test-accounts',
    '/api/v1/nuvei/config',
  ];
  it.each(guestRoutes)('GET %s?foo=1 is a 400 naming foo (and 200 without it)', async (url) => {
    const res = await t.app.inject({ method: 'GET', url: `${url}?foo=1` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(unknownQuery);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  const shopperRoutes = [
    '/api/v1/getuser',
    '/api/v1/cart',
    '/api/v1/checkout/coupons',
    '/api/v1/checkout/my-purchases',
    '/api/v1/nuvei/cards',
  ];
  it.each(shopperRoutes)('GET %s?foo=1 (signed in) is a 400 naming foo (and 200 without it)', async (url) => {
    const res = await signedIn({ method: 'GET', url: `${url}?foo=1` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(unknownQuery);
    expect((await signedIn({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('declared parameters still work, and routes that declare a query stay strict', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/product?sortOrder=desc' })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/product?foo=1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(unknownQuery);
  });

  it("leaves the card provider's notification alone: its fields are the provider's (401 for a bad signature)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nuvei/notify?foo=1&ppp_status=OK' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'BAD_SIGNATURE' });
  });
});

describe('bodies on routes that take none', () => {
  it('logout refuses an unknown body field and keeps the session; with no body or {} it signs out', async () => {
    const first = await createShopper(t.app.db);
    const refused = await as(t.app, first, { method: 'POST', url: '/api/v1/auth/logout', payload: { foo: 1 } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(unknownBody);
    expect((await as(t.app, first, { method: 'GET', url: '/api/v1/getuser' })).statusCode).toBe(200);

    expect((await as(t.app, first, { method: 'POST', url: '/api/v1/auth/logout' })).statusCode).toBe(200);
    expect((await as(t.app, first, { method: 'GET', url: '/api/v1/getuser' })).statusCode).toBe(401);

    const second = await createShopper(t.app.db);
    expect((await as(t.app, second, { method: 'POST', url: '/api/v1/auth/logout', payload: {} })).statusCode).toBe(200);
  });

  it('logout refuses a text body too', async () => {
    const res = await signedIn({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: 'please',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field: 'body' });
    expect((await signedIn({ method: 'GET', url: '/api/v1/getuser' })).statusCode).toBe(200);
  });

  it('DELETE of a cart item refuses a body field and leaves the cart as it was', async () => {
    const buyer = await createShopper(t.app.db);
    await addToCart(t.app, buyer, STARTER_POUCH, 2);
    const before = (await as(t.app, buyer, { method: 'GET', url: '/api/v1/cart' })).json().data;
    const res = await as(t.app, buyer, { method: 'DELETE', url: `/api/v1/cart/${STARTER_POUCH}`, payload: { foo: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(unknownBody);
    expect((await as(t.app, buyer, { method: 'GET', url: '/api/v1/cart' })).json().data).toEqual(before);
    // Without a body it works as before.
    expect((await as(t.app, buyer, { method: 'DELETE', url: `/api/v1/cart/${STARTER_POUCH}` })).statusCode).toBe(200);
  });

  it('DELETE of a saved card refuses a body field', async () => {
    const res = await signedIn({ method: 'DELETE', url: '/api/v1/nuvei/cards/some-card', payload: { foo: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(unknownBody);
  });
});

describe('the mailbox page', () => {
  it('takes only ?to=', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/mailbox?to=someone@example.com' })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/mailbox?foo=1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(unknownQuery);
  });
});

describe('routes outside /api keep their queries', () => {
  it.each([
    '/login?verify=abc123',
    '/new-password/abc123?utm_source=mail',
    '/products?sortOrder=asc&x=1',
    '/product-details/abc?type=giftCard',
  ])('the web app is served at %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root">');
  });

  it('the 3-D Secure page ignores extra parameters (an unknown challenge is its own 404 page)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/3ds/123456789?foo=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'creq=abc',
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('No such 3-D Secure challenge.');
  });

  it('the API docs still load', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('socket.io answers its polling handshake with its own query parameters', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/socket.io/?EIO=4&transport=polling&t=abc`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^0\{"sid":/);
  });
});

describe('the price filter of the catalogue', () => {
  it.each(['', '0x1f4', '1e3', '+5', '5.0', ' 5', '-1', '1234567890'])('?price=%j is a 400 naming price', async (price) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/admin/product?price=${encodeURIComponent(price)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field: 'price' });
  });

  it('plain digits filter to that price in cents', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/product?price=499&sortOrder=asc' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json().data as { data: { _id: string; price: number }[] };
    expect(data.map((p) => p._id)).toContain(STARTER_POUCH);
    expect(data.every((p) => p.price === 499)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/product?price=0' })).json().data).toEqual({ data: [], giftCards: [] });
  });
});
