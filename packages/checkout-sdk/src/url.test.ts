import { describe, expect, it } from 'vitest';
import { compressParam, decompressParam, readTokensParam } from './protocol.ts';
import type { CheckoutUrlOptions } from './types.ts';
import { apiBaseUrl, buildCheckoutUrl, checkoutBaseUrl } from './url.ts';

const base: CheckoutUrlOptions = { merchantId: 'lucky-dragon', env: 'local' };
const query = (options: Partial<CheckoutUrlOptions>) => new URL(buildCheckoutUrl({ ...base, ...options })).searchParams;
const compressed = (options: Partial<CheckoutUrlOptions>, name: string) => decompressParam(query(options).get(name));

describe('checkout and API base URLs by environment', () => {
  it('prod, a named staging, local and a tunnel', () => {
    expect(checkoutBaseUrl('prod')).toBe('https://checkout.luckydragon.example');
    expect(checkoutBaseUrl()).toBe('https://checkout.luckydragon.example');
    expect(checkoutBaseUrl({ staging: 'blue' })).toBe('https://checkout-blue.luckydragon.example');
    expect(checkoutBaseUrl('local')).toBe('http://localhost:3002');
    expect(checkoutBaseUrl({ tunnel: 'https://abc.tunnel.example/' })).toBe('https://abc.tunnel.example');
    expect(apiBaseUrl('prod')).toBe('https://api.luckydragon.example');
    expect(apiBaseUrl({ staging: 'blue' })).toBe('https://api-blue.luckydragon.example');
    expect(apiBaseUrl('local')).toBe('http://localhost:5000');
    expect(apiBaseUrl({ tunnel: 'https://abc.tunnel.example' })).toBe('https://abc.tunnel.example');
  });

  it('an explicit base or API URL wins over the environment', () => {
    expect(checkoutBaseUrl('prod', 'http://127.0.0.1:4100/')).toBe('http://127.0.0.1:4100');
    expect(apiBaseUrl('prod', 'http://127.0.0.1:4100')).toBe('http://127.0.0.1:4100');
    expect(buildCheckoutUrl({ merchantId: 'm', env: 'prod', baseUrl: 'http://127.0.0.1:4100' })).toBe(
      'http://127.0.0.1:4100/solana/purchase-v2/m',
    );
  });

  it('refuses a staging name that is not a host label', () => {
    expect(() => checkoutBaseUrl({ staging: 'evil.example/x' })).toThrow(/staging/);
  });
});

describe('buildCheckoutUrl path', () => {
  it('defaults the blockchain to solana and leaves the prefix out', () => {
    expect(buildCheckoutUrl(base)).toBe('http://localhost:3002/solana/purchase-v2/lucky-dragon');
  });

  it('puts the route prefix before the blockchain', () => {
    expect(buildCheckoutUrl({ ...base, routePrefix: '/shop/', blockchain: 'polygon' })).toBe(
      'http://localhost:3002/shop/polygon/purchase-v2/lucky-dragon',
    );
  });

  it('accepts every chain and the user mode, refuses another', () => {
    for (const chain of ['solana', 'polygon', 'eth', 'base', 'arbitrum', 'user']) {
      expect(new URL(buildCheckoutUrl({ ...base, blockchain: chain })).pathname).toBe(`/${chain}/purchase-v2/lucky-dragon`);
    }
    expect(() => buildCheckoutUrl({ ...base, blockchain: 'tron' })).toThrow('blockchain not supported!');
  });

  it('escapes the merchant id and needs one', () => {
    expect(new URL(buildCheckoutUrl({ ...base, merchantId: 'a b?c' })).pathname).toBe('/solana/purchase-v2/a%20b%3Fc');
    expect(() => buildCheckoutUrl({ ...base, merchantId: '' })).toThrow(/merchantId/);
  });

  it('sends no query parameter that was not given', () => {
    expect(query({}).toString()).toBe('');
  });
});

describe('buildCheckoutUrl query parameters (§2)', () => {
  it('plain strings stay plain', () => {
    const plain: [keyof CheckoutUrlOptions, string][] = [
      ['pubkey', '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'],
      ['sessionKey', 'sk_123'],
      ['email', 'shopper@example.com'],
      ['supportEmail', 'help@example.com'],
      ['loaderBackground', '#101010'],
      ['bankAccountLinkRedirect', 'https://shop.example/back'],
      ['deviceId', 'dev-1'],
      ['merchantCss', 'https://shop.example/checkout.css'],
      ['color', 'black'],
      ['planCode', 'gold'],
      ['settlementType', 'USDC'],
      ['jwtToken', 'a.b.c'],
      ['threeDsChallengePreference', 'Challenge'],
      ['destinationAuthKey', 'dak'],
      ['presentment', 'EUR'],
      ['handlerId', 'inst-1'],
    ];
    for (const [name, value] of plain) expect(query({ [name]: value }).get(name), name).toBe(value);
  });

  it('cents with the currency, USD by default', () => {
    expect(Object.fromEntries(query({ subtotal: { cents: 1999 } }))).toEqual({ cents: '1999', currency: 'USD' });
    expect(Object.fromEntries(query({ subtotal: { cents: 500, currency: 'EUR' } }))).toEqual({ cents: '500', currency: 'EUR' });
    expect(() => query({ subtotal: { cents: 19.5 } })).toThrow(/cents/);
    expect(() => query({ subtotal: { cents: -1 } })).toThrow(/cents/);
  });

  it('or a token with an amount', () => {
    expect(Object.fromEntries(query({ subtotal: { address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', amount: 12.5 } }))).toEqual({
      token: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      amount: '12.5',
    });
  });

  it('object values are lz-string compressed JSON', () => {
    const objects: [keyof CheckoutUrlOptions, unknown][] = [
      ['webhookInfo', { orderId: 'o-1', nested: { a: [1, 2] } }],
      ['theme', { primary: '#ff0000', background: '#000000', backgroundAccent: '#111111', textColor: '#ffffff', style: 'pill' }],
      ['customerInfo', { name: 'Ada', verified: true }],
      ['additionalWallets', [{ wallet: '0xabc', blockchain: 'eth' }]],
      ['chargebackProtectionData', [{ productType: 'inGameCurrency', quantity: 1, rawProductData: { sku: 'x' } }]],
      ['origins', ['https://shop.example', 'http://localhost:3000']],
      ['accountFundingTransaction', { recipientAupId: 'r-1' }],
    ];
    for (const [name, value] of objects) {
      const raw = query({ [name]: value }).get(name);
      expect(raw, name).not.toContain('{');
      expect(decompressParam(raw), name).toEqual(value);
    }
  });

  it('tokens are comma-joined as the published SDK sends them; the page reads that and our older compressed form', () => {
    const tokens = ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'];
    const raw = query({ tokens }).get('tokens');
    expect(raw).toBe(tokens.join(','));
    expect(readTokensParam(raw)).toEqual(tokens);
    expect(readTokensParam(tokens[0])).toEqual([tokens[0]]);
    expect(readTokensParam(compressParam(tokens))).toEqual(tokens);
    expect(readTokensParam('')).toBeUndefined();
    expect(readTokensParam(null)).toBeUndefined();
    expect(query({ tokens: [] }).has('tokens')).toBe(false);
  });

  it('transaction and transactionSigner: a string is plain, an object compressed', () => {
    expect(query({ transaction: '3Bxs4h' }).get('transaction')).toBe('3Bxs4h');
    expect(compressed({ transaction: { to: '0x1', data: '0x' } }, 'transaction')).toEqual({ to: '0x1', data: '0x' });
    expect(query({ transactionSigner: 'SignerKey' }).get('transactionSigner')).toBe('SignerKey');
    expect(compressed({ transactionSigner: { key: 'k' } }, 'transactionSigner')).toEqual({ key: 'k' });
  });

  it('rent and nativeSolToConvert are integer lamports', () => {
    expect(query({ rent: 2039280 }).get('rent')).toBe('2039280');
    expect(query({ rent: 5_000_000_000n }).get('rent')).toBe('5000000000');
    expect(query({ nativeSolToConvert: '1000000000' }).get('nativeSolToConvert')).toBe('1000000000');
    expect(() => query({ rent: 1.5 })).toThrow(/rent/);
    expect(() => query({ nativeSolToConvert: -3 })).toThrow(/nativeSolToConvert/);
  });

  it('booleans are sent as true/false when given', () => {
    for (const name of [
      'useHeightChange',
      'lockDefaultToken',
      'disableApplePay',
      'disableGooglePay',
      'lockAmount',
      'authOnly',
      'partialUsdcChecked',
    ] as const) {
      expect(query({ [name]: true }).get(name), name).toBe('true');
      expect(query({ [name]: false }).get(name), name).toBe('false');
      expect(query({}).has(name), name).toBe(false);
    }
  });

  it('usePermit is sent only when false', () => {
    expect(query({ usePermit: false }).get('usePermit')).toBe('false');
    expect(query({ usePermit: true }).has('usePermit')).toBe(false);
    expect(query({}).has('usePermit')).toBe(false);
  });

  it('allowedPaymentMethods are comma-joined, left out when empty', () => {
    expect(query({ allowedPaymentMethods: ['card', 'usdc', 'ach'] }).get('allowedPaymentMethods')).toBe('card,usdc,ach');
    expect(query({ allowedPaymentMethods: [] }).has('allowedPaymentMethods')).toBe(false);
  });
});
