// Nuvei's own Node SDK (npm `safecharge` 1.0.1, a development dependency) as the tests' independent
// oracle for request checksums (ADR 039). Nothing goes to the network: the SDK's request method is
// called as a merchant would call it, with the fields our client sent, and its HTTP layer (makeRequest)
// is replaced by a capture of the request it would send, checksum and all. The SDK makes up its own
// clientRequestId (uuid v1) and timeStamp (moment, local time) and writes them over the caller's; so the
// body handed to it pins the two our client sent (a property that ignores the SDK's write), and the
// SDK's own concatenation (lib/safecharge.js) then runs over exactly our fields.
import { createRequire } from 'node:module';

interface SafechargeSdk {
  initiate(merchantId: string, siteId: string, secretKey: string, env?: string): void;
  makeRequest(data: Record<string, unknown>, uri: string, cb: unknown): void;
  [method: string]: unknown;
}

const sdk = createRequire(import.meta.url)('safecharge') as SafechargeSdk;

/** The calls the SDK signs itself that our clients make. */
export const SDK_SIGNED_CALLS = [
  'getSessionToken',
  'openOrder',
  'initPayment',
  'payment',
  'settleTransaction',
  'refundTransaction',
  'voidTransaction',
  'deleteUPO',
] as const;
export type SdkSignedCall = (typeof SDK_SIGNED_CALLS)[number];

/**
 * The checksum Nuvei's SDK puts on `method` for the same fields as `sent` (a request body our client
 * sent, its checksum ignored), under this merchant account.
 */
export function sdkChecksum(
  method: SdkSignedCall,
  sent: Record<string, unknown>,
  account: { merchantId: string; merchantSiteId: string; secretKey: string },
): string {
  sdk.initiate(account.merchantId, account.merchantSiteId, account.secretKey, 'int');
  let captured: { data: Record<string, unknown>; uri: string } | null = null;
  sdk.makeRequest = (data, uri) => {
    captured = { data, uri };
  };
  const data: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(sent)) {
    if (k === 'checksum' || k === 'merchantId' || k === 'merchantSiteId') continue;
    if (k === 'clientRequestId' || k === 'timeStamp') {
      Object.defineProperty(data, k, { get: () => v, set: () => {}, enumerable: true });
    } else data[k] = v;
  }
  const call = sdk[method] as (data: Record<string, unknown>, cb: () => void) => void;
  call.call(sdk, data, () => {});
  const got = captured as { data: Record<string, unknown>; uri: string } | null;
  if (!got || got.uri !== method || typeof got.data.checksum !== 'string') throw new Error(`safecharge did not sign ${method}`);
  // The SDK signed the fields it holds; make sure they were ours.
  if (got.data.clientRequestId !== sent.clientRequestId || got.data.timeStamp !== sent.timeStamp)
    throw new Error(`safecharge signed ${method} with its own clientRequestId/timeStamp`);
  return got.data.checksum;
}
