import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR (address/prefix) or one of proxy-addr's named ranges. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: which peers may name the visitor's address in X-Forwarded-For. Unset or 'false': none
 * (request.ip is the socket peer, so nobody picks their own rate-limit key); 'true': any peer (only when
 * the port is reachable through the proxy alone); else a comma-separated list of the proxies' addresses or
 * CIDRs. Handed to Fastify's trustProxy. A bare hop count is refused: Fastify 5 ignores it (it cannot tell
 * a proxy from a direct client), so it would silently trust nothing.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): boolean | string[] => {
    if (!value || value === 'false') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: `a hop count (${value}) cannot tell a proxy from a direct client; list your proxies' addresses or CIDRs, or use true` });
      return z.NEVER;
    }
    const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
    const bad = entries.find((entry) => !isProxyAddress(entry));
    if (bad !== undefined || !entries.length) {
      ctx.addIssue({ code: 'custom', message: `'${bad ?? value}' is not true, false or a comma-separated list of addresses/CIDRs` });
      return z.NEVER;
    }
    return entries;
  });

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** PostgreSQL server; without it the embedded PGlite under DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  /** Redis: socket.io adapter across instances and shared rate-limit counters. */
  REDIS_URL: z.string().url().optional(),
  /** Real SMTP; without it mail is kept in the database and shown at /mailbox. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Lucky Dragon Coins <no-reply@luckydragon.example>'),
  /** Public address of the store, used in links inside e-mails. */
  PUBLIC_URL: z.string().url().optional(),
  /** Seed demo accounts and enable /test-login. Defaults on unless NODE_ENV=production. */
  DEMO_DATA: z.enum(['true', 'false']).optional(),
  /** Header a trusted proxy sets with the visitor's ISO country (country restriction). */
  COUNTRY_HEADER: z.string().default('cf-ipcountry'),
  SESSION_TTL_HOURS: z.coerce.number().int().positive().default(24 * 30),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  /**
   * Sign-in and forgot-password attempts per IP across all e-mail addresses per window: one IP cannot try a
   * password against many accounts. Well above what a household or an office behind one address sends.
   */
  AUTH_IP_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(50),
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** Minutes a pending order may hold gift-card codes and coupon uses for its payment before they are released. */
  ORDER_RESERVATION_MINUTES: z.coerce.number().int().positive().default(30),
  // --- PAYMENTS (issue 3) ---
  /** Port of the card vault (hosted card fields); default PORT+1, 0 = random, 'off' = not started. */
  VAULT_PORT: z.union([z.literal('off'), z.coerce.number().int().min(0).max(65535)]).optional(),
  /** Public address of the vault; default http://localhost:<VAULT_PORT>. */
  VAULT_PUBLIC_URL: z.string().url().optional(),
  /** 32-byte AES key (hex or base64) for stored cards; default a key generated once into DATA_DIR/vault.key. */
  VAULT_KEY: z.string().optional(),
  /** 'sandbox' (built-in gateway) or 'nuvei'; default nuvei when the NUVEI_* variables are set, else sandbox. */
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'nuvei']).optional(),
  NUVEI_MERCHANT_ID: z.string().optional(),
  NUVEI_MERCHANT_SITE_ID: z.string().optional(),
  NUVEI_SECRET_KEY: z.string().optional(),
  NUVEI_BASE_URL: z.string().url().default('https://ppp-test.nuvei.com/ppp/api/v1'),
  /** HMAC secret of the sandbox gateway's notifications; random per start when unset. */
  PAYMENTS_WEBHOOK_SECRET: z.string().min(16).optional(),
});

export type Config = Omit<z.infer<typeof envSchema>, 'DEMO_DATA' | 'PUBLIC_URL'> & {
  DEMO_DATA: boolean;
  PUBLIC_URL: string;
};

/** Reads and validates the environment once; a bad value stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`Invalid environment variable ${first?.path.join('.')}: ${first?.message}`);
  }
  const e = parsed.data;
  return {
    ...e,
    DEMO_DATA: e.DEMO_DATA ? e.DEMO_DATA === 'true' : e.NODE_ENV !== 'production',
    PUBLIC_URL: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    ...overrides,
  };
}
