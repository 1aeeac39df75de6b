// The store's security headers (helmet, built once: plugins/security-headers.ts) on every answer, a refusal's
// too, with the content security policy naming the card vault's origin (a directive helmet asks each time).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://store.test' }, { seedDemo: false });
});
afterAll(() => t.close());

const directive = (csp: string | undefined, name: string) =>
  csp
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

describe('security headers', () => {
  it("are on an API answer and a refused one alike: no sniffing, no framing by others, the store's policy", async () => {
    for (const res of [await t.app.inject({ url: '/api/ping' }), await t.app.inject({ url: '/api/v1/getuser' })]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      expect(directive(res.headers['content-security-policy'] as string, 'default-src')).toBe("default-src 'self'");
    }
  });

  it("let the store's pages frame the card vault, on every request, not only the first", async () => {
    const vault = t.app.vault.origin();
    expect(vault).toMatch(/^https?:\/\//);
    const first = await t.app.inject({ url: '/api/ping' });
    const second = await t.app.inject({ url: '/api/ping' });
    for (const res of [first, second]) {
      expect(directive(res.headers['content-security-policy'] as string, 'frame-src')?.split(/\s+/)).toContain(vault);
    }
  });
});
