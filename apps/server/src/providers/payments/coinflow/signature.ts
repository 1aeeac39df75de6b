// The hosted checkout's webhook signature (issue 11 contract): header
// `x-checkout-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the merchant's
// webhook secret. Checked in constant time; a signature older than five minutes (or that far ahead of
// our clock) is refused, so a captured delivery cannot be replayed later.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_MAX_AGE_MS = 5 * 60_000;

export const signCheckoutPayload = (secret: string, timestamp: number, rawBody: string): string =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

/** The header value for a body signed at `at` (tests and the host sign alike). */
export const checkoutSignatureHeader = (secret: string, rawBody: string, at = new Date()): string => {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${signCheckoutPayload(secret, t, rawBody)}`;
};

export type SignatureCheck = 'valid' | 'invalid' | 'stale';

/** 'invalid' for a missing, malformed or wrong signature; 'stale' for a genuine one outside the five minutes. */
export function checkCheckoutSignature(secret: string, rawBody: string, header: string | undefined, now = new Date()): SignatureCheck {
  if (!header || header.length > 1024) return 'invalid';
  const parts = new Map<string, string[]>();
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const key = part.slice(0, at).trim();
    parts.set(key, [...(parts.get(key) ?? []), part.slice(at + 1).trim()]);
  }
  const t = parts.get('t');
  if (t?.length !== 1 || !/^\d{1,12}$/.test(t[0]!)) return 'invalid';
  const timestamp = Number(t[0]);
  const expected = Buffer.from(signCheckoutPayload(secret, timestamp, rawBody), 'hex');
  const matches = (parts.get('v1') ?? []).some((v) => {
    if (!/^[0-9a-f]{64}$/i.test(v)) return false;
    return timingSafeEqual(Buffer.from(v, 'hex'), expected);
  });
  if (!matches) return 'invalid';
  return Math.abs(now.getTime() - timestamp * 1000) > SIGNATURE_MAX_AGE_MS ? 'stale' : 'valid';
}
