import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/errors.ts';

export const TIMESTAMP_HEADER = 'x-distributor-timestamp';
export const SIGNATURE_HEADER = 'x-distributor-signature';
/** A signed request older or newer than this is refused: a captured request cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

/** Hex HMAC-SHA256 of `${timestamp}.${rawBody}` under the distributor's key (what the provider sends). */
export function signCredit(key: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', key).update(`${timestamp}.${rawBody}`).digest('hex');
}

/**
 * Checks the headers of a distributor's request against its key. Malformed headers are a 400 naming the
 * header; a wrong signature (or no key for this distributor) a 401; a timestamp outside the tolerance a
 * 400 (checked after the signature, so only a genuine sender learns its clock is off). The comparison
 * takes the same time wherever the signatures differ.
 */
export function verifyCredit(
  key: string | undefined,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): void {
  const timestamp = headers[TIMESTAMP_HEADER];
  const signature = headers[SIGNATURE_HEADER];
  if (typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp)) {
    throw new AppError(400, 'VALIDATION_FAILED', `Invalid header '${TIMESTAMP_HEADER}': must be Unix time in seconds`, TIMESTAMP_HEADER);
  }
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) {
    throw new AppError(400, 'VALIDATION_FAILED', `Invalid header '${SIGNATURE_HEADER}': must be a hex HMAC-SHA256`, SIGNATURE_HEADER);
  }
  // An unknown distributor is checked against a throwaway key, so it answers like a wrong signature.
  const expected = Buffer.from(signCredit(key ?? 'no-such-distributor', timestamp, rawBody), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (!key || !timingSafeEqual(given, expected)) throw new AppError(401, 'INVALID_SIGNATURE', 'The request signature is not valid.');
  if (Math.abs(nowSeconds - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) {
    throw new AppError(
      400,
      'STALE_REQUEST',
      `The request timestamp is more than ${SIGNATURE_TOLERANCE_SECONDS / 60} minutes away from now.`,
      TIMESTAMP_HEADER,
    );
  }
}
