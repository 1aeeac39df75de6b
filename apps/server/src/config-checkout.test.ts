// The hosted checkout's settings for the published @coinflowlabs/react SDK (issue 23): its API on a port of its
// own, and more merchant pages the store's own merchant may be framed from; a bad value stops the start naming it.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', PORT: '0', ...env });

describe('CHECKOUT_API_PORT and CHECKOUT_EXTRA_ORIGINS', () => {
  it('unset: no API port of its own, no other merchant pages', () => {
    const config = load({});
    expect(config.CHECKOUT_API_PORT).toBeUndefined();
    expect(config.CHECKOUT_EXTRA_ORIGINS).toEqual([]);
  });

  it('reads a port, and comma-separated origins', () => {
    const config = load({ CHECKOUT_API_PORT: '5000', CHECKOUT_EXTRA_ORIGINS: ' http://127.0.0.1:4100, https://shop.example ' });
    expect(config.CHECKOUT_API_PORT).toBe(5000);
    expect(config.CHECKOUT_EXTRA_ORIGINS).toEqual(['http://127.0.0.1:4100', 'https://shop.example']);
  });

  it('refuses what is not a port or not an origin, naming the variable', () => {
    for (const [name, value] of [
      ['CHECKOUT_API_PORT', 'five'],
      ['CHECKOUT_API_PORT', '70000'],
      ['CHECKOUT_EXTRA_ORIGINS', 'https://shop.example/checkout'],
      ['CHECKOUT_EXTRA_ORIGINS', 'shop.example'],
      ['CHECKOUT_EXTRA_ORIGINS', 'https://shop.example/'],
    ] as const) {
      expect(() => load({ [name]: value }), `${name}=${value}`).toThrow(ConfigError);
      expect(() => load({ [name]: value }), `${name}=${value}`).toThrow(name);
    }
  });
});
