// The host's API on its own port (CHECKOUT_API_PORT), as the published @coinflowlabs/react SDK calls it from a
// merchant page of another origin: /merchant/view with CORS for the merchant's origins, and its error reports
// (preflighted, bounded, answered 204, logged without keys).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/test-app.ts';
import { redactSecrets } from '@store/checkout-host/testing';

const SHOP = 'https://shop.example';
let t: TestApp;

const api = (path: string) => `${t.app.checkoutHost.apiOrigin().replace('localhost', '127.0.0.1')}${path}`;
const report = (body: unknown, origin = SHOP) =>
  fetch(api('/api/telemetry/frontend-error'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  t = await buildTestApp({ CHECKOUT_API_PORT: 0 });
  await t.app.checkoutHost.ensureMerchant({
    id: 'api-shop',
    name: 'API Shop',
    allowedOrigins: [SHOP],
    webhookUrl: 'http://127.0.0.1:9/hook',
    nSurePartnerId: 'partner-9',
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("the host's API port (CHECKOUT_API_PORT)", () => {
  it('listens on a port of its own, apart from the page', () => {
    expect(t.app.checkoutHost.apiOrigin()).toMatch(/^http:\/\/localhost:\d+$/);
    expect(t.app.checkoutHost.apiOrigin()).not.toBe(t.app.checkoutHost.origin());
  });

  it("GET /merchant/view/:id answers the partner id at the top level, readable by the merchant's origin only", async () => {
    const res = await fetch(api('/merchant/view/api-shop'), { headers: { origin: SHOP } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(await res.json()).toMatchObject({ nSureSettings: { nSurePartnerId: 'partner-9' }, nSurePartnerId: 'partner-9' });
    const elsewhere = await fetch(api('/merchant/view/api-shop'), { headers: { origin: 'https://evil.example' } });
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
    expect((await fetch(api('/merchant/view/nobody'))).status).toBe(404);
  });

  it("lets the SDK's cross-origin error report through its preflight, and answers the report 204", async () => {
    const preflight = await fetch(api('/api/telemetry/frontend-error'), {
      method: 'OPTIONS',
      headers: { origin: SHOP, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type');
    // What recordFrontendError sends for an Error, and for a script's error event (not an Error: an object).
    const sent = await report({ message: 'boom', stackTrace: 'Error: boom\n    at x', merchantId: 'api-shop', event: 'NSureInit' });
    expect(sent.status).toBe(204);
    expect(await sent.text()).toBe('');
    expect((await report({ message: { isTrusted: true }, stackTrace: '', merchantId: 'api-shop', event: 'ProtectionError' })).status).toBe(
      204,
    );
  });

  it('refuses a report out of bounds with a 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ message: 'x', merchantId: 'api-shop' }, 'event'],
      [{ message: 'x'.repeat(4001), merchantId: 'api-shop', event: 'E' }, 'message'],
      [{ message: 'x', merchantId: '../etc', event: 'E' }, 'merchantId'],
      [{ message: 'x', event: 'E', extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const res = await report(body);
      expect(res.status, field).toBe(400);
      expect(((await res.json()) as { field?: string }).field).toBe(field);
    }
  });

  it('takes keys out of what it logs', () => {
    expect(redactSecrets('GET https://h/solana/purchase-v2/m?sessionKey=sk_live_123&cents=5 failed')).toBe(
      'GET https://h/solana/purchase-v2/m?sessionKey=[redacted]&cents=5 failed',
    );
    expect(redactSecrets('jwtToken=abc.def and eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig')).toBe('jwtToken=[redacted] and [redacted jwt]');
  });
});
