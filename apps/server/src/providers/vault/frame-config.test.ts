// Per-configuration parents of the card field frames: a `cfg` the vault signed lets exactly the origins it
// names frame the fields and hear from them; a forged, altered or expired one is refused.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { vaultUrl } from '../../../test/support/vault.ts';
import { createFrameConfigSigner, FRAME_CONFIG_TTL_MS } from './frame-config.ts';
import { tokenizerScript } from './tokenizer-script.ts';

const STORE = 'http://store.test:3000';
const MERCHANT = 'https://merchant.example';
const HOST = 'http://checkout.test:4000';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: STORE }, { seedDemo: false });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

function framePolicy(res: Response): string[] {
  const csp = res.headers.get('content-security-policy') ?? '';
  const directive = csp.split(';').find((part) => part.trim().startsWith('frame-ancestors'));
  return directive?.trim().split(/\s+/).slice(1) ?? [];
}

const field = (path: string, query: Record<string, string>) => fetch(vaultUrl(t.app, `${path}?${new URLSearchParams(query)}`));

describe('frame configuration signer', () => {
  it('gives back the origins it signed until the configuration expires', () => {
    let now = Date.UTC(2026, 10, 24, 12);
    const signer = createFrameConfigSigner(randomBytes(32), { now: () => now });
    const grant = signer.sign([MERCHANT, HOST]);
    expect(grant.expiresAt).toBe(new Date(now + FRAME_CONFIG_TTL_MS).toISOString());
    expect(signer.verify(grant.cfg)).toEqual([MERCHANT, HOST]);
    now += FRAME_CONFIG_TTL_MS - 1;
    expect(signer.verify(grant.cfg)).toEqual([MERCHANT, HOST]);
    now += 1;
    expect(signer.verify(grant.cfg)).toBeNull();
  });

  it('refuses an altered payload, a foreign signature and junk', () => {
    const signer = createFrameConfigSigner(randomBytes(32));
    const { cfg } = signer.sign([MERCHANT]);
    const [version, payload, signature] = cfg.split('.') as [string, string, string];
    const widened = Buffer.from(JSON.stringify({ o: ['https://evil.example'], e: Date.now() + 60_000 })).toString('base64url');
    expect(signer.verify(`${version}.${widened}.${signature}`)).toBeNull();
    expect(createFrameConfigSigner(randomBytes(32)).verify(cfg)).toBeNull();
    expect(signer.verify(`${version}.${payload}.${signature}x`)).toBeNull();
    expect(signer.verify(`${version}.${payload}`)).toBeNull();
    expect(signer.verify('')).toBeNull();
  });

  it('signs only 1 to 5 plain origins', () => {
    const signer = createFrameConfigSigner(randomBytes(32));
    expect(() => signer.sign([])).toThrow();
    expect(() => signer.sign(['https://merchant.example/checkout'])).toThrow();
    expect(() => signer.sign(['javascript:alert(1)'])).toThrow();
    expect(() => signer.sign(Array.from({ length: 6 }, (_, i) => `https://m${i}.example`))).toThrow();
  });
});

describe('card field frames with a signed configuration', () => {
  it('are frameable by exactly the signed origins and answer the one the page names', async () => {
    const { cfg } = t.app.vault.signFrameConfig([HOST, MERCHANT]);
    const res = await field('/fields/card-number', { cfg, origin: MERCHANT });
    expect(res.status).toBe(200);
    expect(framePolicy(res)).toEqual([HOST, MERCHANT]);
    const html = await res.text();
    expect(html).toContain(`data-store-origin="${MERCHANT}"`);
    expect(html).toContain('placeholder="0000 0000 0000 0000"');

    // A page naming an origin the configuration does not hold gets the first signed one, never its own.
    const named = await (await field('/fields/cvv', { cfg, origin: 'https://evil.example' })).text();
    expect(named).toContain(`data-store-origin="${HOST}"`);
    expect(named).toContain('placeholder="CVV"');
  });

  it('keep the store-only policy without a configuration', async () => {
    const res = await field('/fields/card-number', { origin: MERCHANT });
    expect(framePolicy(res)).toEqual([STORE]);
    expect(await res.text()).toContain(`data-store-origin="${STORE}"`);
  });

  it('refuse a forged, altered, repeated or expired configuration', async () => {
    const forged = createFrameConfigSigner(randomBytes(32)).sign([MERCHANT]).cfg;
    const { cfg } = t.app.vault.signFrameConfig([MERCHANT]);
    const [version, , signature] = cfg.split('.');
    const widened = `${version}.${Buffer.from(JSON.stringify({ o: ['https://evil.example'], e: Date.now() + 60_000 })).toString('base64url')}.${signature}`;

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - FRAME_CONFIG_TTL_MS - 1000);
    const expired = t.app.vault.signFrameConfig([MERCHANT]).cfg;
    vi.useRealTimers();

    for (const [name, bad] of Object.entries({ forged, widened, expired })) {
      const res = await field('/fields/card-number', { cfg: bad, origin: MERCHANT });
      expect(res.status, name).toBe(403);
      expect(framePolicy(res)).toEqual(["'none'"]);
      const html = await res.text();
      expect(html).not.toContain('<input');
      expect(html).not.toContain(MERCHANT);
    }
    const repeated = await fetch(vaultUrl(t.app, `/fields/cvv?cfg=${encodeURIComponent(cfg)}&cfg=${encodeURIComponent(cfg)}`));
    expect(repeated.status).toBe(403);
  });

  it('show a placeholder the page asks for, as text, and the default for anything else', async () => {
    const { cfg } = t.app.vault.signFrameConfig([MERCHANT]);
    expect(await (await field('/fields/cvv', { cfg, placeholder: 'Security code' })).text()).toContain('placeholder="Security code"');
    const injected = await (await field('/fields/cvv', { cfg, placeholder: '"><script>alert(1)</script>' })).text();
    expect(injected).toContain('placeholder="CVV"');
    expect(injected).not.toContain('alert(1)');
  });
});

describe('GET /tokenizer/tokenizer.js', () => {
  it('serves the tokenizer script to any page as JavaScript', async () => {
    const res = await fetch(vaultUrl(t.app, '/tokenizer/tokenizer.js'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // What the script does is run in a DOM by tokenizer-script.test.ts.
    expect(await res.text()).toBe(tokenizerScript());
    expect(() => new Function(tokenizerScript())).not.toThrow();
  });
});
