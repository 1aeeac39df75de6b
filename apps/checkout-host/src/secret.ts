// The hosted checkout's secret: CHECKOUT_SECRET, else one generated once into DATA_DIR/checkout.key (as the
// vault's key), and in tests a fresh random one. Merchant credentials are derived from it by HMAC, so
// ensureMerchant gives the same API key and webhook secret on every start without storing them.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function loadHostSecret(opts: { secret?: string; dataDir: string; nodeEnv: string }): Buffer {
  if (opts.secret) return Buffer.from(opts.secret, 'utf8');
  if (opts.nodeEnv === 'test') return randomBytes(32);
  const file = path.join(opts.dataDir, 'checkout.key');
  fs.mkdirSync(opts.dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two instances starting together keep the first secret.
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'utf8');
}

export interface MerchantCredentials {
  merchantId: string;
  apiKey: string;
  webhookSecret: string;
}

const derive = (secret: Buffer, purpose: string, merchantId: string) =>
  createHmac('sha256', secret).update(`${purpose}:${merchantId}`).digest('base64url');

export function merchantCredentials(secret: Buffer, merchantId: string): MerchantCredentials {
  return {
    merchantId,
    apiKey: `mk_${derive(secret, 'merchant-api-key', merchantId)}`,
    webhookSecret: `whsec_${derive(secret, 'merchant-webhook-secret', merchantId)}`,
  };
}

/** Constant-time check of a presented API key against the merchant's derived one. */
export function apiKeyMatches(secret: Buffer, merchantId: string, presented: string): boolean {
  const expected = createHash('sha256').update(merchantCredentials(secret, merchantId).apiKey).digest();
  const given = createHash('sha256').update(presented).digest();
  return timingSafeEqual(expected, given);
}

export const newSessionKey = () => `csk_${randomBytes(32).toString('base64url')}`;
export const hashSessionKey = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * The seed of the host's own settlement wallet of a merchant on a chain (the sandbox's: it receives the
 * session's USDC and sends refunds back). Derived like the credentials, so nothing secret is stored and
 * the wallet is the same after a restart.
 */
export const settlementSeed = (secret: Buffer, merchantId: string, chain: string): Uint8Array =>
  createHmac('sha256', secret).update(`settlement-wallet:${merchantId}:${chain}`).digest();
