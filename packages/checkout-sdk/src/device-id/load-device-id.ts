// The fraud device id (SPEC §7): the merchant record names the fraud provider's partner id; the SDK loads
// the device-id script with our app id and that partner id and passes `deviceId` to the checkout URL.
// The script is the hosted checkout's stand-in for the provider's SDK (prod and sandbox variants,
// apps/checkout-host/src/device-id/script.ts): a random id kept in this page origin's
// localStorage, sent nowhere.
import type { CheckoutEnvironment } from '../types.ts';
import { appendScript, fetchWithTimeout, findScript, scriptSettled } from '../card-fields/load-script.ts';
import { apiBaseUrl } from '../url.ts';

/** Our app id at the fraud provider. */
export const DEVICE_ID_APP_ID = 'lucky-dragon-checkout';
export const DEVICE_ID_TIMEOUT_MS = 10_000;
export const DEVICE_ID_SCRIPTS = { prod: '/device-id/sdk.js', sandbox: '/device-id/sdk-sandbox.js' } as const;

export interface NSureSdk {
  sandbox?: boolean;
  init(appId: string, partnerId?: string | null): string | void;
  getDeviceId(): string | null;
}

export interface DeviceIdOptions {
  /** The hosted checkout's API (it serves /merchant/view/{merchantId} and the scripts); default the environment's. */
  apiUrl?: string;
  merchantId: string;
  /** Picks the API when apiUrl is not given; 'prod' loads the prod variant, every other environment the sandbox one. Default 'prod'. */
  env?: CheckoutEnvironment;
  appId?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** The merchant record's partner id: nSureSettings.nSurePartnerId, else the top-level nSurePartnerId. */
export function partnerIdOf(record: unknown): string | null {
  const merchant = (record ?? {}) as { nSureSettings?: { nSurePartnerId?: unknown }; nSurePartnerId?: unknown };
  const id = merchant.nSureSettings?.nSurePartnerId ?? merchant.nSurePartnerId;
  return typeof id === 'string' && id !== '' ? id : typeof id === 'number' ? String(id) : null;
}

const nSure = () => (window as unknown as { nSureSDK?: NSureSdk }).nSureSDK;

/**
 * The device id to pass as `deviceId`, or null when the merchant has no partner id (no device id is
 * collected then). Rejects when the merchant record or the script cannot be loaded in time: a checkout
 * can go on without a device id, so catch it.
 */
export async function loadDeviceId(options: DeviceIdOptions): Promise<string | null> {
  const timeoutMs = options.timeoutMs ?? DEVICE_ID_TIMEOUT_MS;
  const api = apiBaseUrl(options.env, options.apiUrl);
  const fetcher = options.fetch ?? ((...args) => fetch(...args));
  const res = await fetchWithTimeout(
    fetcher,
    `${api}/merchant/view/${encodeURIComponent(options.merchantId)}`,
    { method: 'GET' },
    timeoutMs,
  );
  if (!res.ok) throw new Error(`Merchant ${options.merchantId} could not be read (${res.status})`);
  const json = (await res.json()) as { data?: unknown };
  // The record itself, or wrapped in the API's { success, data } envelope.
  const partnerId = partnerIdOf(json) ?? partnerIdOf(json.data);
  if (!partnerId) return null;

  let sdk = nSure();
  if (!sdk) {
    const url = `${api}${(options.env ?? 'prod') === 'prod' ? DEVICE_ID_SCRIPTS.prod : DEVICE_ID_SCRIPTS.sandbox}`;
    const outcome = await scriptSettled(findScript(url) ?? appendScript(url), timeoutMs);
    sdk = nSure();
    if (!sdk) throw new Error(`The device-id script did not load (${outcome})`);
  }
  sdk.init(options.appId ?? DEVICE_ID_APP_ID, partnerId);
  return sdk.getDeviceId();
}
