// Signed frame configurations: which pages, beyond the store's own origins, may frame the vault's card
// fields and hear from them. The hosted checkout's POST /api/tokenize/iframe/config checks a merchant's
// allowed origins and asks the vault to sign them; the frame URL carries the result as `?cfg=`. The
// vault trusts no origin a page merely names: only one it signed itself, and only until it expires.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { FRAME_CONFIG_MAX_ORIGINS, isOrigin } from '@store/server-kit';

/**
 * How long a signed configuration opens the frames: long enough for a checkout, short enough to go stale.
 * It is checked when a frame page loads; a frame already loaded keeps working past it.
 */
export const FRAME_CONFIG_TTL_MS = 30 * 60_000;
const MAX_CFG_LENGTH = 2048;
const VERSION = 'v1';

export interface FrameConfigGrant {
  /** The value of the frames' `cfg` query parameter. */
  cfg: string;
  /** ISO time after which the frames refuse it. */
  expiresAt: string;
}

export interface FrameConfigSigner {
  sign(origins: string[]): FrameConfigGrant;
  /** The parent origins a configuration names; null when it is forged, malformed or expired. */
  verify(cfg: string): string[] | null;
}

/**
 * `key` is the vault's key; the signing key is derived from it with a label, so one secret serves both
 * uses and a signature can never be mistaken for anything else the vault computes.
 */
export function createFrameConfigSigner(key: Buffer, opts: { ttlMs?: number; now?: () => number } = {}): FrameConfigSigner {
  const signingKey = createHmac('sha256', key).update('vault frame-config v1').digest();
  const ttlMs = opts.ttlMs ?? FRAME_CONFIG_TTL_MS;
  const now = opts.now ?? (() => Date.now());
  const mac = (payload: string) => createHmac('sha256', signingKey).update(`${VERSION}.${payload}`).digest();

  return {
    sign(origins) {
      if (origins.length < 1 || origins.length > FRAME_CONFIG_MAX_ORIGINS || !origins.every(isOrigin)) {
        throw new Error(`A frame configuration names 1 to ${FRAME_CONFIG_MAX_ORIGINS} origins`);
      }
      const expiresAtMs = now() + ttlMs;
      const payload = Buffer.from(JSON.stringify({ o: origins, e: expiresAtMs })).toString('base64url');
      return { cfg: `${VERSION}.${payload}.${mac(payload).toString('base64url')}`, expiresAt: new Date(expiresAtMs).toISOString() };
    },
    verify(cfg) {
      if (cfg.length > MAX_CFG_LENGTH) return null;
      const [version, payload, signature, ...rest] = cfg.split('.');
      if (version !== VERSION || !payload || !signature || rest.length > 0) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let claims: unknown;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      const { o, e } = (claims ?? {}) as { o?: unknown; e?: unknown };
      if (typeof e !== 'number' || e <= now()) return null;
      if (!Array.isArray(o) || o.length < 1 || o.length > FRAME_CONFIG_MAX_ORIGINS) return null;
      return o.every((origin): origin is string => typeof origin === 'string' && isOrigin(origin)) ? o : null;
    },
  };
}
