// What a waiting intent asks of the shopper (its next_action): a page of ours (pages.ts) for 3-D Secure
// or Cash App's authorisation, bound to a single-use secret in its URL. Only the secret's hash is kept,
// so the book alone cannot open a page; the secret is compared in constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { unixNow } from './book.ts';

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Whether the secret is the one whose hash was kept. */
export function secretMatches(hash: unknown, secret: string): boolean {
  if (typeof hash !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(secret)) return false;
  return timingSafeEqual(Buffer.from(hash, 'hex'), Buffer.from(hashSecret(secret), 'hex'));
}

/** A page of ours, bound to a single-use secret (only its hash is kept). */
export function actionUrl(browserBase: string, kind: '3ds' | 'cashapp', id: string): { url: string; secretHash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { url: `${browserBase}/sandbox/stripe/${kind}/${id}?secret=${secret}`, secretHash: hashSecret(secret) };
}

/** Cash App's next_action: its page (in a browser) or a QR code of it (on a phone), both our page here. */
export function cashAppNextAction(url: string) {
  return {
    type: 'cashapp_handle_redirect_or_display_qr_code',
    cashapp_handle_redirect_or_display_qr_code: {
      hosted_instructions_url: url,
      mobile_auth_url: url,
      qr_code: { data: url, expires_at: unixNow() + 30 * 60, image_url_png: null, image_url_svg: null },
    },
  };
}
