import http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { vaultCards } from '../../db/schema.ts';
import { brandOf, luhnValid, parseExpiry } from './card-rules.ts';
import { fieldPage, fieldsScript } from './pages.ts';
import { frameHeaders, frameTokenize, vaultUrl } from '../../../test/support/vault.ts';

/** A POST with headers fetch will not send (Host). */
function rawPost(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://store.test:3000' }, { seedDemo: false });
});
afterAll(() => t.close());

describe('card rules', () => {
  it('checks Luhn, brand and expiry', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('4111')).toBe(false);
    expect(brandOf('4000000000003220')).toBe('visa');
    expect(brandOf('5555555555554444')).toBe('masterCard');
    expect(brandOf('378282246310005')).toBe('americanExpress');
    const now = new Date('2026-11-22T00:00:00Z');
    expect(parseExpiry('11/26', now)).toEqual({ expMonth: 11, expYear: 2026 });
    expect(parseExpiry('10/26', now)).toBeNull();
    expect(parseExpiry('13/30', now)).toBeNull();
    expect(parseExpiry('1230', now)).toBeNull();
  });
});

describe('vault POST /tokenize', () => {
  it('turns a valid card into a token and stores it encrypted', async () => {
    const res = await frameTokenize(t.app, { kind: 'card', number: '4111 1111 1111 1111', expiry: '12/34' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { token: string; brand: string; last4: string; expiresAt: string };
    expect(body).toEqual({ token: expect.stringMatching(/^card_/), brand: 'visa', last4: '1111', expiresAt: expect.any(String) });
    // Unused, it works for VAULT_TOKEN_TTL_MINUTES (15 by default).
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(Date.parse(body.expiresAt) - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    const [row] = await t.database.db.select().from(vaultCards).where(eq(vaultCards.token, body.token));
    expect(row).toMatchObject({ brand: 'visa', last4: '1111', expMonth: 12, expYear: 2034 });
    expect(JSON.stringify(row)).not.toContain('4111111111111111');
    expect(await t.app.vault.detokenize(body.token)).toMatchObject({ number: '4111111111111111', last4: '1111' });
  });

  it('refuses a Luhn-invalid number, an expired card and a bad CVV', async () => {
    const cases: [unknown, string][] = [
      [{ kind: 'card', number: '4111111111111112', expiry: '12/34' }, 'Invalid card number'],
      [{ kind: 'card', number: '4111111111111111', expiry: '01/20' }, 'Invalid expiry date'],
      [{ kind: 'card', number: '4111111111111111', expiry: '12/34', cvv: '12' }, 'Invalid CVV'],
      [{ kind: 'cvv', cvv: 'ab1' }, 'Invalid CVV'],
    ];
    for (const [body, message] of cases) {
      const res = await frameTokenize(t.app, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, message });
    }
  });

  it('gives a CVV token that is never written to the database', async () => {
    const before = await t.database.db.select().from(vaultCards);
    const res = await frameTokenize(t.app, { kind: 'cvv', cvv: '737' });
    const { token } = (await res.json()) as { token: string };
    expect(token).toMatch(/^cvv_/);
    expect(t.app.vault.hasCvv(token)).toBe(true);
    expect(await t.database.db.select().from(vaultCards)).toHaveLength(before.length);
  });

  it('answers CORS for the store origin only', async () => {
    const fromStore = await frameTokenize(t.app, { kind: 'cvv', cvv: '123' }, { headers: { origin: 'http://store.test:3000' } });
    expect(fromStore.status).toBe(200);
    expect(fromStore.headers.get('access-control-allow-origin')).toBe('http://store.test:3000');

    const foreign = await frameTokenize(
      t.app,
      { kind: 'card', number: '4111111111111111', expiry: '12/34' },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(vaultUrl(t.app, '/tokenize'), {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("judges the origin by the vault's configured address, never by the Host header the caller sends", async () => {
    const card = JSON.stringify({ kind: 'card', number: '4111111111111111', expiry: '12/34' });
    // The frames' own origin passes (the vault's public address)...
    const own = await rawPost(vaultUrl(t.app, '/tokenize'), card, frameHeaders(t.app));
    expect(own.status).toBe(200);
    // ...but a foreign page naming itself in Host (DNS rebinding, a forged request) does not.
    const forged = await rawPost(vaultUrl(t.app, '/tokenize'), card, {
      ...frameHeaders(t.app),
      origin: 'http://evil.example',
      host: 'evil.example',
    });
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.body)).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });
});

describe('hosted card fields', () => {
  it('serves the card-number page (with expiry) and the CVV page, frameable by the store only', async () => {
    const card = await fetch(vaultUrl(t.app, '/fields/card-number'));
    const html = await card.text();
    expect(html).toContain('placeholder="0000 0000 0000 0000"');
    expect(html).toContain('placeholder="MM/YY"');
    expect(html).toContain('data-store-origin="http://store.test:3000"');
    expect(card.headers.get('content-security-policy')).toContain('frame-ancestors http://store.test:3000');
    const cvv = await (await fetch(vaultUrl(t.app, '/fields/cvv'))).text();
    expect(cvv).toContain('placeholder="CVV"');
    // The store's dark inputs when the page asks (?theme=dark); anything else is the light default.
    expect(await (await fetch(vaultUrl(t.app, '/fields/card-number?theme=dark'))).text()).toContain('<body class="dark"');
    expect(await (await fetch(vaultUrl(t.app, `/fields/card-number?theme=${encodeURIComponent('"><script>')}`))).text()).toContain(
      '<body class="light"',
    );
    const script = await (await fetch(vaultUrl(t.app, '/fields/fields.js'))).text();
    // What the script does (the 350 ms 'loaded', changes, answers) is run in a DOM by fields-script.test.ts.
    expect(script).toBe(fieldsScript());
  });

  it('has a script that parses and pages with no inline handlers (the CSP allows only the script file)', () => {
    expect(() => new Function(fieldsScript())).not.toThrow();
    expect(fieldsScript()).toContain('/^\\d{12,19}$/');
    for (const kind of ['card', 'cvv'] as const) expect(fieldPage(kind, 'http://store.test')).not.toMatch(/\son[a-z]+=/);
  });

  it('is announced to the web app by GET /api/v1/nuvei/config', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nuvei/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.vaultOrigin).toBe(t.app.vault.origin());
    expect(t.app.vault.origin()).toMatch(/^http:\/\/localhost:\d+$/);
  });
});
