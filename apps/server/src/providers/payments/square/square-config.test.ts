// Which Square the web is handed (ADR 013), and what the page's CSP allows for it: with an access token,
// Square's Web Payments SDK of SQUARE_ENVIRONMENT (its script, frames and connections, and no other
// environment's); without, the built-in sandbox, whose card form is our vault's fields, so no Square origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/support/test-app.ts';

const credentials = {
  SQUARE_ACCESS_TOKEN: 'EAAAnotarealtoken0123456789',
  SQUARE_APPLICATION_ID: 'sandbox-sq0idb-notarealapp',
  SQUARE_LOCATION_ID: 'LNOTAREALLOCATION',
  SQUARE_WEBHOOK_SIGNATURE_KEY: 'notarealsignaturekey',
};

/** The page's CSP as directive → sources. */
async function pagePolicy(t: TestApp): Promise<Map<string, string[]>> {
  const res = await t.app.inject({ method: 'GET', url: '/api/ping' });
  const header = String(res.headers['content-security-policy']);
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('with Square credentials (sandbox environment)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ...credentials, SQUARE_ENVIRONMENT: 'sandbox' }, { seedDemo: false });
  });
  afterAll(() => t.close());

  it("hands the web Square's SDK and allows its script, frames and connections", async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/payment/square/config' });
    expect(config.json().data).toMatchObject({ kind: 'web-payments-sdk', sdkUrl: 'https://sandbox.web.squarecdn.com/v1/square.js' });
    const csp = await pagePolicy(t);
    expect(csp.get('script-src')).toContain('https://sandbox.web.squarecdn.com');
    expect(csp.get('frame-src')).toContain('https://sandbox.web.squarecdn.com');
    expect(csp.get('connect-src')).toEqual(
      expect.arrayContaining(['https://sandbox.web.squarecdn.com', 'https://pci-connect.squareupsandbox.com']),
    );
    expect([...csp.values()].flat()).not.toContain('https://web.squarecdn.com');
    expect([...csp.values()].flat()).not.toContain('https://pci-connect.squareup.com');
  });
});

describe('with Square credentials (production environment)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(
      { ...credentials, SQUARE_APPLICATION_ID: 'sq0idp-notarealapp', SQUARE_ENVIRONMENT: 'production' },
      { seedDemo: false },
    );
  });
  afterAll(() => t.close());

  it("allows production Square's origins and none of the sandbox's", async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/payment/square/config' });
    expect(config.json().data).toMatchObject({ kind: 'web-payments-sdk', sdkUrl: 'https://web.squarecdn.com/v1/square.js' });
    const csp = await pagePolicy(t);
    expect(csp.get('script-src')).toContain('https://web.squarecdn.com');
    expect(csp.get('frame-src')).toContain('https://web.squarecdn.com');
    expect(csp.get('connect-src')).toEqual(expect.arrayContaining(['https://web.squarecdn.com', 'https://pci-connect.squareup.com']));
    // None of Square's sandbox origins (the store's own /sandbox/kyc/ frame path is not Square's).
    const squareSandbox = (source: string) => /sandbox\.web\.squarecdn\.com|squareupsandbox\.com/.test(source);
    expect([...csp.values()].flat().some(squareSandbox)).toBe(false);
  });
});

describe('without Square credentials (the built-in sandbox)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { seedDemo: false });
  });
  afterAll(() => t.close());

  it("hands the web the vault's card fields, and the page allows no Square origin", async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/payment/square/config' });
    expect(config.json().data).toMatchObject({ kind: 'vault-fields', environment: 'sandbox' });
    const sources = [...(await pagePolicy(t)).values()].flat();
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.some((source) => /square(cdn|up)/.test(source))).toBe(false);
  });
});
