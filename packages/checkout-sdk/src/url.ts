/**
 * The hosted checkout's URL (SPEC §2): `{base}/{routePrefix?}/{blockchain}/purchase-v2/{merchantId}?…`.
 * Object values are lz-string compressed JSON; strings and numbers stay plain.
 */
import {
  BLOCKCHAIN_NOT_SUPPORTED,
  DEFAULT_BLOCKCHAIN,
  DEFAULT_CURRENCY,
  HANDLER_ID_PARAM,
  compressParam,
  isBlockchain,
} from './protocol.ts';
import type { CheckoutEnvironment, CheckoutUrlOptions, Lamports } from './types.ts';

export const PROD_CHECKOUT_URL = 'https://checkout.luckydragon.example';
export const LOCAL_CHECKOUT_URL = 'http://localhost:3002';
export const PROD_API_URL = 'https://api.luckydragon.example';
export const LOCAL_API_URL = 'http://localhost:5000';

const STAGING_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

function stagingName(name: string): string {
  if (!STAGING_NAME.test(name)) throw new Error(`env.staging must be a host label (letters, digits, '-'), got '${name}'`);
  return name.toLowerCase();
}

function withoutTrailingSlash(url: string): string {
  const parsed = new URL(url); // throws on a malformed URL
  return `${parsed.origin}${parsed.pathname}`.replace(/\/+$/, '');
}

/** The checkout page's base URL for an environment; `override` (the baseUrl option) wins. */
export function checkoutBaseUrl(env: CheckoutEnvironment = 'prod', override?: string): string {
  if (override) return withoutTrailingSlash(override);
  if (env === 'prod') return PROD_CHECKOUT_URL;
  if (env === 'local') return LOCAL_CHECKOUT_URL;
  if ('staging' in env) return `https://checkout-${stagingName(env.staging)}.luckydragon.example`;
  if ('tunnel' in env) return withoutTrailingSlash(env.tunnel);
  throw new Error('env must be prod, local, { staging } or { tunnel }');
}

/** The checkout API's base URL ({api} of §7) for an environment; `override` (an apiUrl option) wins. */
export function apiBaseUrl(env: CheckoutEnvironment = 'prod', override?: string): string {
  if (override) return withoutTrailingSlash(override);
  if (env === 'prod') return PROD_API_URL;
  if (env === 'local') return LOCAL_API_URL;
  if ('staging' in env) return `https://api-${stagingName(env.staging)}.luckydragon.example`;
  if ('tunnel' in env) return withoutTrailingSlash(env.tunnel);
  throw new Error('env must be prod, local, { staging } or { tunnel }');
}

function lamports(name: string, value: Lamports): string {
  const text = typeof value === 'bigint' ? value.toString() : String(value);
  if (!/^\d+$/.test(text)) throw new Error(`${name} must be a non-negative integer number of lamports, got '${text}'`);
  return BigInt(text).toString();
}

function pathSegment(name: string, value: string): string {
  const trimmed = value.replace(/^\/+|\/+$/g, '');
  if (!trimmed) throw new Error(`${name} must not be empty`);
  return trimmed.split('/').map(encodeURIComponent).join('/');
}

/** Builds the purchase-v2 URL with every §2 query parameter that has a value. */
export function buildCheckoutUrl(options: CheckoutUrlOptions): string {
  const blockchain = options.blockchain ?? DEFAULT_BLOCKCHAIN;
  if (!isBlockchain(blockchain)) throw new Error(BLOCKCHAIN_NOT_SUPPORTED);
  const base = checkoutBaseUrl(options.env, options.baseUrl);
  const prefix = options.routePrefix ? `/${pathSegment('routePrefix', options.routePrefix)}` : '';
  const url = new URL(`${base}${prefix}/${blockchain}/purchase-v2/${pathSegment('merchantId', options.merchantId ?? '')}`);
  const q = url.searchParams;

  const plain = (name: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') q.set(name, String(value));
  };
  const flag = (name: string, value: boolean | undefined) => {
    if (value !== undefined) q.set(name, String(value));
  };
  const compressed = (name: string, value: unknown) => {
    if (value !== undefined && value !== null) q.set(name, compressParam(value));
  };
  const stringOrCompressed = (name: string, value: string | object | undefined) => {
    if (typeof value === 'string') plain(name, value);
    else compressed(name, value);
  };

  plain('pubkey', options.pubkey);
  plain('sessionKey', options.sessionKey);
  stringOrCompressed('transaction', options.transaction);
  const subtotal = options.subtotal;
  if (subtotal && 'cents' in subtotal) {
    if (!Number.isSafeInteger(subtotal.cents) || subtotal.cents < 0) throw new Error('subtotal.cents must be a non-negative integer');
    plain('cents', subtotal.cents);
    plain('currency', subtotal.currency ?? DEFAULT_CURRENCY);
  } else if (subtotal && 'address' in subtotal) {
    plain('token', subtotal.address);
    plain('amount', String(subtotal.amount));
  }
  plain('presentment', options.presentment);
  compressed('webhookInfo', options.webhookInfo);
  compressed('theme', options.theme);
  compressed('customerInfo', options.customerInfo);
  plain('email', options.email);
  plain('supportEmail', options.supportEmail);
  // Comma-joined, as the published SDK sends it (tokens.toString()).
  if (options.tokens?.length) plain('tokens', options.tokens.join(','));
  plain('loaderBackground', options.loaderBackground);
  flag('useHeightChange', options.useHeightChange);
  plain('bankAccountLinkRedirect', options.bankAccountLinkRedirect);
  compressed('additionalWallets', options.additionalWallets);
  compressed('chargebackProtectionData', options.chargebackProtectionData);
  plain('deviceId', options.deviceId);
  plain('merchantCss', options.merchantCss);
  plain('color', options.color);
  if (options.rent !== undefined) plain('rent', lamports('rent', options.rent));
  if (options.nativeSolToConvert !== undefined) plain('nativeSolToConvert', lamports('nativeSolToConvert', options.nativeSolToConvert));
  flag('lockDefaultToken', options.lockDefaultToken);
  plain('planCode', options.planCode);
  flag('disableApplePay', options.disableApplePay);
  flag('disableGooglePay', options.disableGooglePay);
  plain('settlementType', options.settlementType);
  flag('lockAmount', options.lockAmount);
  // The page's default is to use permits; the parameter only ever turns them off.
  if (options.usePermit === false) q.set('usePermit', 'false');
  stringOrCompressed('transactionSigner', options.transactionSigner);
  flag('authOnly', options.authOnly);
  flag('partialUsdcChecked', options.partialUsdcChecked);
  plain('jwtToken', options.jwtToken);
  compressed('origins', options.origins);
  if (options.allowedPaymentMethods?.length) plain('allowedPaymentMethods', options.allowedPaymentMethods.join(','));
  plain('threeDsChallengePreference', options.threeDsChallengePreference);
  plain('destinationAuthKey', options.destinationAuthKey);
  compressed('accountFundingTransaction', options.accountFundingTransaction);
  plain(HANDLER_ID_PARAM, options.handlerId);
  return url.toString();
}
