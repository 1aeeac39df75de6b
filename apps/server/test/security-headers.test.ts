// Issue 7, headers: the page's CSP names only the vault's origin for frames and the store's own
// WebSocket origin for connections (no port of localhost, no host at all), and every answer given to a
// session (purchases hold gift-card codes) or handing one out is marked Cache-Control: no-store.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/test-app.ts';
import { as, createShopper, type Shopper } from './support/checkout.ts';
import { createVerifiedUser, post } from './support/auth.ts';

let t: TestApp;
let shopper: Shopper;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'headers-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>store</title><div id="root"></div>');
  t = await buildTestApp({ WEB_DIST: webDist, PUBLIC_URL: 'https://shop.example' });
  shopper = await createShopper(t.app.db);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** The CSP of a response as directive → sources. */
function csp(header: string | string[] | number | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

describe("the page's content security policy", () => {
  it("frames only the card vault, the sandboxes' identity and bank pages and the hosted checkout, and connects only to the store, its WebSocket origin and the checkout", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/cart' });
    expect(page.statusCode).toBe(200);
    const policy = csp(page.headers['content-security-policy']);
    // The identity-check sandbox's pages (ADR 016) on the store's own origin, that path only.
    // The embedded checkout's host (ADR 020): its frame, and the SDK's calls and device-id script there.
    const checkout = t.app.checkoutHost.origin();
    expect(checkout).toMatch(/^http:\/\/localhost:\d+$/);
    // The sandboxes' 3-D Secure pages (Stripe's, the card provider's bank), the cashier's page, the bank-linking
    // page, and the return routes they end on, in the pay page's dialog (issue 24).
    expect(policy.get('frame-src')).toEqual([
      t.app.vault.origin(),
      'https://shop.example/sandbox/kyc/',
      'https://shop.example/sandbox/stripe/3ds/',
      'https://shop.example/api/v1/payment/stripe/return',
      'https://shop.example/sandbox/3ds/',
      'https://shop.example/api/v1/nuvei/3ds/return/',
      'https://shop.example/sandbox/cashier/',
      'https://shop.example/api/v1/nuvei/cashier/return/',
      'https://shop.example/bank-link/',
      checkout,
    ]);
    expect(t.app.vault.origin()).toMatch(/^http:\/\/localhost:\d+$/);
    expect(policy.get('connect-src')).toEqual(["'self'", 'wss://shop.example', checkout]);
    expect(policy.get('script-src')).toEqual(["'self'", checkout]);
    for (const sources of policy.values()) {
      for (const source of sources) expect(source).not.toMatch(/^(ws|wss|http|https):?$|:\*$/);
    }
  });
});

describe('Cache-Control on API answers', () => {
  const signedInCalls = ['/api/v1/getuser', '/api/v1/cart', '/api/v1/checkout/my-purchases', '/api/v1/nuvei/cards'];

  it.each(signedInCalls)('%s answers a session with no-store', async (url) => {
    const res = await as(t.app, shopper, { method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('the sign-in answer, which carries the session token, is no-store too', async () => {
    const { email, password } = await createVerifiedUser(t.app);
    const res = await post(t.app, '/api/v1/auth/login', { email, password });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a public listing a guest reads is left cacheable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/product' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBeUndefined();
  });
});
