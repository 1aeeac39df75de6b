// Frame sessions (ADR 032): the short-lived nonce the card frames send with every POST /tokenize. It says
// who the card is typed for (a signed-in shopper of the store, a hosted-checkout session, or a merchant
// page without one), so the vault can count tokenizations per shopper and refuse anyone who has not been
// given a card form. The store's API (POST /api/v1/vault/frame-session) and the hosted checkout's
// tokenizer config ask the vault to sign one; the vault alone checks it, with its own key.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  FRAME_CONFIG_MAX_ORIGINS,
  isOrigin,
  type FrameSessionGrant,
  type FrameSessionKind,
  type FrameSessionSubject,
} from '@store/server-kit';

export interface FrameSessionClaims {
  subject: FrameSessionSubject;
  /** The pages that may call /tokenize with it cross-origin; null: the store's own origins. */
  origins: string[] | null;
  expiresAtMs: number;
}

export type FrameSessionCheck = { ok: true; claims: FrameSessionClaims } | { ok: false; reason: 'missing' | 'invalid' | 'expired' };

export interface FrameSessionSigner {
  sign(subject: FrameSessionSubject, origins?: string[]): FrameSessionGrant;
  /** Checks a nonce (any value a request carried): forged, altered or malformed ones are 'invalid'. */
  check(value: unknown): FrameSessionCheck;
}

export { FRAME_SESSION_HEADER } from './frame-session-header.ts';
const VERSION = 'fs1';
const MAX_LENGTH = 2048;
const KINDS: ReadonlySet<string> = new Set<FrameSessionKind>(['shopper', 'checkout', 'merchant']);
const SUBJECT_ID = /^[A-Za-z0-9_.:@-]{1,128}$/;

/** The characters a nonce is made of (base64url and dots): what a field page accepts in its URL. */
export const isFrameSessionShape = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= MAX_LENGTH && /^[A-Za-z0-9_.-]+$/.test(value);

/**
 * `key` is the vault's key; the signing key is derived from it with its own label (so a frame session can
 * never pass for a frame configuration, or the reverse). Every instance with the same VAULT_KEY accepts
 * the nonces of the others.
 */
export function createFrameSessionSigner(key: Buffer, opts: { ttlMs: number; now?: () => number }): FrameSessionSigner {
  const signingKey = createHmac('sha256', key).update('vault frame-session v1').digest();
  const now = opts.now ?? (() => Date.now());
  const mac = (payload: string) => createHmac('sha256', signingKey).update(`${VERSION}.${payload}`).digest();

  return {
    sign(subject, origins) {
      if (!KINDS.has(subject.kind) || !SUBJECT_ID.test(subject.id))
        throw new Error('A frame session names a shopper, a checkout session or a merchant');
      if (origins && (origins.length < 1 || origins.length > FRAME_CONFIG_MAX_ORIGINS || !origins.every(isOrigin))) {
        throw new Error(`A frame session names 1 to ${FRAME_CONFIG_MAX_ORIGINS} origins`);
      }
      const expiresAtMs = now() + opts.ttlMs;
      const claims = {
        k: subject.kind,
        i: subject.id,
        ...(origins ? { o: origins } : {}),
        e: expiresAtMs,
        n: randomBytes(9).toString('base64url'),
      };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return { session: `${VERSION}.${payload}.${mac(payload).toString('base64url')}`, expiresAt: new Date(expiresAtMs).toISOString() };
    },
    check(value) {
      if (value === undefined || value === '') return { ok: false, reason: 'missing' };
      if (!isFrameSessionShape(value)) return { ok: false, reason: 'invalid' };
      const [version, payload, signature, ...rest] = value.split('.');
      if (version !== VERSION || !payload || !signature || rest.length > 0) return { ok: false, reason: 'invalid' };
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      const { k, i, o, e } = (parsed ?? {}) as { k?: unknown; i?: unknown; o?: unknown; e?: unknown };
      if (typeof k !== 'string' || !KINDS.has(k) || typeof i !== 'string' || typeof e !== 'number') return { ok: false, reason: 'invalid' };
      const origins =
        o === undefined ? null : Array.isArray(o) && o.every((x): x is string => typeof x === 'string' && isOrigin(x)) ? o : undefined;
      if (origins === undefined) return { ok: false, reason: 'invalid' };
      // Only a nonce we signed is ever told it has expired: the frame then asks for a new one.
      if (e <= now()) return { ok: false, reason: 'expired' };
      return { ok: true, claims: { subject: { kind: k as FrameSessionKind, id: i }, origins, expiresAtMs: e } };
    },
  };
}
