// Signed callbacks (ADR 016): hex HMAC-SHA256 of "{timestamp}.{raw body}" under the callback secret, in
// x-jumio-signature, with x-jumio-timestamp (Unix seconds). The sandbox signs its callbacks, and so may a
// relay in front of the store (JUMIO_CALLBACK_SECRET); Jumio's own callbacks are unsigned (it recommends
// allowlisting its addresses: JUMIO_CALLBACK_ALLOWED_IPS, ADR 040). Either way the store reads the state
// back from the provider's retrieval service.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../../lib/errors.ts';

export const CALLBACK_TIMESTAMP_HEADER = 'x-jumio-timestamp';
export const CALLBACK_SIGNATURE_HEADER = 'x-jumio-signature';
/** A callback older or newer than this is refused: a captured one cannot be replayed later. */
export const CALLBACK_TOLERANCE_SECONDS = 5 * 60;

export function signCallback(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** The headers of a signed callback of this body, as of now (or the given Unix second). */
export function signedCallbackHeaders(secret: string, rawBody: string, nowSeconds = Math.floor(Date.now() / 1000)) {
  const timestamp = String(nowSeconds);
  return { [CALLBACK_TIMESTAMP_HEADER]: timestamp, [CALLBACK_SIGNATURE_HEADER]: signCallback(secret, timestamp, rawBody) };
}

/**
 * Malformed headers: 400 naming the header. Wrong signature: 401. Timestamp outside the tolerance: 400,
 * checked after the signature so only a genuine sender learns its clock is off. Constant-time compare.
 */
export function verifyCallbackSignature(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): void {
  const timestamp = headers[CALLBACK_TIMESTAMP_HEADER];
  const signature = headers[CALLBACK_SIGNATURE_HEADER];
  if (typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp)) {
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      `Invalid header '${CALLBACK_TIMESTAMP_HEADER}': must be Unix time in seconds`,
      CALLBACK_TIMESTAMP_HEADER,
    );
  }
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) {
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      `Invalid header '${CALLBACK_SIGNATURE_HEADER}': must be a hex HMAC-SHA256`,
      CALLBACK_SIGNATURE_HEADER,
    );
  }
  const expected = Buffer.from(signCallback(secret, timestamp, rawBody), 'hex');
  if (!timingSafeEqual(Buffer.from(signature, 'hex'), expected)) {
    throw new AppError(401, 'INVALID_SIGNATURE', 'The callback signature is not valid.');
  }
  if (Math.abs(nowSeconds - Number(timestamp)) > CALLBACK_TOLERANCE_SECONDS) {
    throw new AppError(
      400,
      'STALE_REQUEST',
      `The callback timestamp is more than ${CALLBACK_TOLERANCE_SECONDS / 60} minutes away from now.`,
      CALLBACK_TIMESTAMP_HEADER,
    );
  }
}
