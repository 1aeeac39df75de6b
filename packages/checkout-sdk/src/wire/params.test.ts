// The page's query schema reads URLs exactly as the published @coinflowlabs/react SDK builds them (its own
// CoinflowUtils.getCoinflowUrl, unmodified), and as our SDK builds them; a value it cannot read is named.
import { CoinflowUtils } from '@coinflowlabs/react';
import { describe, expect, it } from 'vitest';
import { compressParam } from '../protocol.ts';
import { buildCheckoutUrl } from '../url.ts';
import { QUERY_PARAM_SCHEMAS, SPEC_QUERY_PARAMS, allowedStylesheetOrigin, checkoutQuerySchema, parseCheckoutQuery } from './params.ts';

const queryOf = (url: string) => new URL(url).searchParams;

describe('the page reads the published SDK’s URL', () => {
  it('decodes every parameter the published SDK sends, in the form it sends it', () => {
    const customerInfo = {
      firstName: 'Mei',
      lastName: 'Chen',
      address: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'US',
    };
    const theme = { primary: '#d4252a', background: '#101010', textColor: '#fafafa', style: 'pill' };
    const url = CoinflowUtils.getCoinflowUrl({
      route: '/purchase-v2/m-1',
      env: 'local',
      blockchain: 'solana',
      walletPubkey: 'So11111111111111111111111111111111111111112',
      sessionKey: 'sk_123',
      subtotal: { cents: 1999, currency: 'EUR' },
      presentment: 'EUR',
      webhookInfo: { orderId: 'o-9' },
      theme,
      customerInfo,
      email: 'mei@example.com',
      supportEmail: 'help@shop.example',
      tokens: ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'So11111111111111111111111111111111111111112'],
      loaderBackground: '#123456',
      handleHeightChangeId: 'abc-1',
      bankAccountLinkRedirect: 'https://shop.example/back',
      additionalWallets: [{ wallet: 'w1', blockchain: 'eth' }],
      chargebackProtectionData: [{ productType: 'inGameProduct' }],
      deviceId: 'dev-42',
      merchantCss: 'https://css.example/shop.css',
      color: 'black',
      rent: { lamports: 2_039_280 },
      nativeSolToConvert: { lamports: 5 },
      lockDefaultToken: true,
      planCode: 'gold',
      disableApplePay: true,
      disableGooglePay: true,
      settlementType: 'USDC',
      lockAmount: true,
      usePermit: false,
      transactionSigner: 'signer-1',
      authOnly: true,
      partialUsdcChecked: true,
      jwtToken: 'jwt.part.two',
      origins: ['https://shop.example'],
      allowedPaymentMethods: ['card', 'sepa'],
      threeDsChallengePreference: 'Challenge',
      destinationAuthKey: 'dak',
      accountFundingTransaction: { recipientAftInfo: { firstName: 'A' } },
      zeroAuthorizationConfig: { disableSavedPaymentMethods: true },
      depositAmounts: [10, 25],
      userLocation: { lat: 30.26, lng: -97.74 },
    } as unknown as Parameters<typeof CoinflowUtils.getCoinflowUrl>[0]);

    const { params, problems } = parseCheckoutQuery(queryOf(url));
    expect(problems).toEqual([]);
    expect(params).toEqual({
      pubkey: 'So11111111111111111111111111111111111111112',
      sessionKey: 'sk_123',
      cents: 1999,
      currency: 'EUR',
      presentment: 'EUR',
      webhookInfo: { orderId: 'o-9' },
      theme,
      customerInfo,
      email: 'mei@example.com',
      supportEmail: 'help@shop.example',
      tokens: ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'So11111111111111111111111111111111111111112'],
      loaderBackground: '#123456',
      useHeightChange: 'abc-1',
      bankAccountLinkRedirect: 'https://shop.example/back',
      additionalWallets: [{ wallet: 'w1', blockchain: 'eth' }],
      chargebackProtectionData: [{ productType: 'inGameProduct' }],
      deviceId: 'dev-42',
      merchantCss: 'https://css.example/shop.css',
      color: 'black',
      rent: 2_039_280n,
      nativeSolToConvert: 5n,
      lockDefaultToken: true,
      planCode: 'gold',
      disableApplePay: true,
      disableGooglePay: true,
      settlementType: 'USDC',
      lockAmount: true,
      usePermit: false,
      transactionSigner: 'signer-1',
      authOnly: true,
      partialUsdcChecked: true,
      jwtToken: 'jwt.part.two',
      origins: ['https://shop.example'],
      allowedPaymentMethods: ['card', 'sepa'],
      threeDsChallengePreference: 'Challenge',
      destinationAuthKey: 'dak',
      accountFundingTransaction: { recipientAftInfo: { firstName: 'A' } },
      zeroAuthorizationConfig: { disableSavedPaymentMethods: true },
      depositAmounts: ['10', '25'],
      lat: '30.26',
      lng: '-97.74',
    });
  });

  it('reads a token-priced subtotal as token and amount', () => {
    const url = CoinflowUtils.getCoinflowUrl({
      route: '/purchase-v2/m-1',
      env: 'local',
      subtotal: { address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', amount: 12.5 },
    } as unknown as Parameters<typeof CoinflowUtils.getCoinflowUrl>[0]);
    const { params, problems } = parseCheckoutQuery(queryOf(url));
    expect(problems).toEqual([]);
    // (The published SDK adds its fraud library's device id when it is given none.)
    expect(params).toMatchObject({ token: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', amount: '12.5' });
  });

  it('reads our own SDK’s URL too, its older lz-compressed tokens included', () => {
    const url = buildCheckoutUrl({
      merchantId: 'm-1',
      env: 'local',
      sessionKey: 'sk',
      tokens: ['T1', 'T2'],
      useHeightChange: true,
      handlerId: 'h-1',
      customerInfo: { firstName: 'Mei', lastName: 'Chen' },
      disableApplePay: false,
    });
    const { params, problems } = parseCheckoutQuery(queryOf(url));
    expect(problems).toEqual([]);
    expect(params).toMatchObject({
      sessionKey: 'sk',
      tokens: ['T1', 'T2'],
      useHeightChange: 'true',
      handlerId: 'h-1',
      customerInfo: { firstName: 'Mei', lastName: 'Chen' },
      disableApplePay: false,
    });
  });

  it('has a schema for each of SPEC §2’s parameters, and one for the whole query', () => {
    for (const name of SPEC_QUERY_PARAMS) expect(QUERY_PARAM_SCHEMAS[name], name).toBeDefined();
    expect(checkoutQuerySchema.parse({ cents: '100', lockAmount: 'true', allowedPaymentMethods: 'card,usdc' })).toEqual({
      cents: 100,
      lockAmount: true,
      allowedPaymentMethods: ['card', 'usdc'],
    });
  });
});

describe('a value the page cannot read is named, never dropped silently', () => {
  it.each([
    ['theme', 'not-lz', 'theme: is not lz-string compressed JSON.'],
    ['theme', compressParam({ style: 'round' }), 'theme: style'],
    ['customerInfo', compressParam({ firstName: 'Mei', shoeSize: 9 }), 'customerInfo:'],
    ['customerInfo', compressParam({ email: 'not-an-email' }), 'customerInfo: email'],
    ['email', 'nobody', 'email:'],
    ['lockAmount', 'yes', "lockAmount: must be 'true' or 'false'."],
    ['rent', '-1', 'rent: must be a whole number of lamports.'],
    ['allowedPaymentMethods', ',', 'allowedPaymentMethods: names nothing.'],
    ['origins', compressParam(['https://shop.example/path']), 'origins: 0 must be an origin'],
    ['presentment', 'JPY', 'presentment:'],
    ['merchantCss', 'javascript:alert(1)', 'merchantCss: must be an http(s) URL.'],
    ['colour', 'red', 'colour: this checkout does not know this parameter.'],
  ])('%s=%s', (name, value, message) => {
    const { params, problems } = parseCheckoutQuery(new URLSearchParams({ [name]: value }));
    expect(params).toEqual({});
    expect(problems).toHaveLength(1);
    expect(problems[0]!.param).toBe(name);
    expect(problems[0]!.message.startsWith(message), problems[0]!.message).toBe(true);
  });

  it('a parameter given twice is refused by name', () => {
    const { problems } = parseCheckoutQuery(new URLSearchParams('cents=1&cents=2'));
    expect(problems).toEqual([{ param: 'cents', message: 'cents: given 2 times; give it once.' }]);
  });
});

describe('merchant stylesheets', () => {
  it('are allowed only from a configured origin', () => {
    const allowed = ['https://css.example', 'http://127.0.0.1:4000'];
    expect(allowedStylesheetOrigin('https://css.example/a/shop.css', allowed)).toBe('https://css.example');
    expect(allowedStylesheetOrigin('http://127.0.0.1:4000/x.css', allowed)).toBe('http://127.0.0.1:4000');
    expect(allowedStylesheetOrigin('https://evil.example/shop.css', allowed)).toBeNull();
    expect(allowedStylesheetOrigin('http://css.example/shop.css', allowed)).toBeNull();
    expect(allowedStylesheetOrigin('not a url', allowed)).toBeNull();
    expect(allowedStylesheetOrigin('https://css.example/shop.css', [])).toBeNull();
  });
});
