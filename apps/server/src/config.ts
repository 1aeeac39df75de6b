import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_DATABASE_TIMEOUTS } from './db/timeouts.ts';
import { defaultMaxConcurrentHashes } from './lib/password-gate.ts';
import {
  BUILT_PAGE_SCRIPT,
  chainOptionsFromEnv,
  FRAUD_FAILURE_POLICIES,
  missingSandboxPackages,
  pageScriptMissing,
  type ChainOptions,
} from '@store/checkout-host';
import { JUMIO_REGIONS } from './providers/kyc/jumio/hosts.ts';
import { checkCardProviderUrl, checkProductionRules, ConfigError, resolveMailTransport, type MailTransport } from './config-rules.ts';

export { ConfigError } from './config-rules.ts';

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address or a CIDR (address/prefix). */
function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** An address, a CIDR (address/prefix) or one of proxy-addr's named ranges. */
function isProxyAddress(entry: string): boolean {
  return NAMED_RANGES.has(entry) || isAddressOrCidr(entry);
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
      ctx.addIssue({
        code: 'custom',
        message: `a hop count (${value}) cannot tell a proxy from a direct client; list your proxies' addresses or CIDRs, or use true`,
      });
      return z.NEVER;
    }
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.find((entry) => !isProxyAddress(entry));
    if (bad !== undefined || !entries.length) {
      ctx.addIssue({ code: 'custom', message: `'${bad ?? value}' is not true, false or a comma-separated list of addresses/CIDRs` });
      return z.NEVER;
    }
    return entries;
  });

const flag = z.enum(['true', 'false']).optional();

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Where every listener binds: this machine only (127.0.0.1) in demo mode, every interface (0.0.0.0) otherwise. */
  HOST: z.string().min(1).optional(),
  /** PostgreSQL server; without it the embedded PGlite under DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  /** Milliseconds to open a connection to DATABASE_URL, or to wait for a free one, before giving up (503, or a failed start). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(DEFAULT_DATABASE_TIMEOUTS.connectMs),
  /** Milliseconds a query may go unanswered before it fails (503) and its connection is dropped; the server cancels at 90 %. */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().positive().default(DEFAULT_DATABASE_TIMEOUTS.queryMs),
  /** Milliseconds the server keeps a transaction that runs no query before ending it and freeing its locks. */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().positive().default(DEFAULT_DATABASE_TIMEOUTS.idleInTransactionMs),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  /** Redis: socket.io adapter across instances and shared rate-limit counters. */
  REDIS_URL: z.string().url().optional(),
  /** Real SMTP; without it mail is kept in the database and shown at /mailbox. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Lucky Dragon Collective <no-reply@luckydragon.example>'),
  /** Public address of the store, used in links inside e-mails. */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Demo mode: seeds the demo accounts and opens the demo conveniences (test-login, the local mailbox).
   * Defaults on unless NODE_ENV=production, where it also needs ALLOW_DEMO_IN_PRODUCTION=true.
   */
  DEMO_DATA: flag,
  /** The explicit force that demo mode needs in production (it hands out password-free sessions). */
  ALLOW_DEMO_IN_PRODUCTION: flag,
  /** Demo conveniences answer other machines too, not only this one. Anyone who reaches the store can use them. */
  DEMO_REMOTE_ACCESS: flag,
  /** Test-login may also sign in the demo admin account (by default it offers the shopper only). */
  TEST_LOGIN_ADMIN: flag,
  /**
   * The API's documentation (the page at /api/docs and its OpenAPI JSON at /api/docs/json). Defaults on,
   * and off when NODE_ENV=production: a map of every route is for the team, not for anyone who asks.
   */
  API_DOCS: flag,
  /**
   * Where mail goes: 'smtp' (SMTP_URL), 'mailbox' (kept in the database and shown at /mailbox: demo mode
   * only) or 'log' (written to the server log). Default: smtp with SMTP_URL, else the mailbox in demo mode,
   * else the log outside production; production must choose smtp or log.
   */
  MAIL_TRANSPORT: z.enum(['smtp', 'mailbox', 'log']).optional(),
  /** Header a trusted proxy sets with the visitor's ISO country (country restriction). */
  COUNTRY_HEADER: z.string().default('cf-ipcountry'),
  /**
   * A directory of newer geo-IP data in geoip-lite's format (its updatedb script with a MaxMind licence key
   * writes one); unset: the data shipped in the pinned geoip-lite package (ADR 018).
   */
  GEOIP_DATA_DIR: z.string().min(1).optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 30),
  /**
   * Milliseconds between the checks that every session with an open live socket is still live (ADR 030): a
   * session that expired or was revoked without this instance being told closes its sockets within this.
   */
  LIVE_SESSION_RECHECK_MS: z.coerce.number().int().min(100).max(3_600_000).default(5000),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  /**
   * Sign-in and forgot-password attempts per IP across all e-mail addresses per window: one IP cannot try a
   * password against many accounts. Well above what a household or an office behind one address sends.
   */
  AUTH_IP_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(50),
  /**
   * Failed sign-ins one account (one e-mail address, whether or not it has an account) takes from any
   * number of addresses before each further password check waits (ADR 034).
   */
  AUTH_ACCOUNT_FAILURES_BEFORE_DELAY: z.coerce.number().int().positive().default(5),
  /** Seconds of the first wait; each further failure doubles it, up to AUTH_ACCOUNT_MAX_DELAY_SECONDS. */
  AUTH_ACCOUNT_DELAY_SECONDS: z.coerce.number().int().positive().default(30),
  AUTH_ACCOUNT_MAX_DELAY_SECONDS: z.coerce.number().int().positive().default(900),
  /** Minutes an account's failed sign-ins are remembered from the first; a successful sign-in or a password reset forgets them. */
  AUTH_ACCOUNT_FAILURE_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 60),
  /**
   * Password hashes (argon2id: ~20 MiB and tens of milliseconds each) run at once, across sign-in,
   * sign-up and reset; default the cores, at most one fewer than libuv's thread pool (ADR 034).
   */
  PASSWORD_HASH_MAX_CONCURRENT: z.coerce.number().int().positive().default(defaultMaxConcurrentHashes()),
  /** Hashes that may wait for a place; beyond it a request is answered 503 with Retry-After at once, without hashing. */
  PASSWORD_HASH_QUEUE_MAX: z.coerce.number().int().min(0).default(32),
  /**
   * Requests per address, route and minute to each route that takes a body without a session (sign-in,
   * sign-up, reset, the sandbox bank page), counted before the body is read.
   */
  PUBLIC_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(120),
  /** The same for the payment provider's notifications, which arrive from a few provider addresses. */
  NOTIFY_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(1200),
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** Minutes a pending order may hold gift-card codes and coupon uses for its payment before they are released. */
  ORDER_RESERVATION_MINUTES: z.coerce.number().int().positive().default(30),
  /**
   * Card checks and payment attempts (v1/nuvei/init) per shopper and per address in a window; a decline
   * weighs 4. A shopper buys a few times and may mistype a card; card testing runs dozens of checks.
   */
  CARD_ATTEMPTS_PER_SHOPPER: z.coerce.number().int().positive().default(20),
  /** Above a household's or an office's purchases behind one address. */
  CARD_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().positive().default(100),
  CARD_ATTEMPT_WINDOW_MINUTES: z.coerce.number().int().positive().default(60),
  // --- SESSION RECORDING BOUNDS (issue 21, ADR 033) ---
  /** Events one recording may hold; a batch beyond it is refused (413 RECORDING_FULL) and the browser stops recording it. */
  RECORDING_MAX_EVENTS_PER_RECORDING: z.coerce.number().int().positive().default(50_000),
  /** Bytes of events (their JSON text, uncompressed: what a replay loads) one recording may hold. */
  RECORDING_MAX_BYTES_PER_RECORDING: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  /** Events one address may send in an hour, all recordings together (429 with Retry-After beyond it). */
  RECORDING_MAX_EVENTS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(100_000),
  /** Bytes of events one address may send in an hour: room for an office of recorded shoppers behind one address. */
  RECORDING_MAX_BYTES_PER_ADDRESS_PER_HOUR: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  /** Bytes all recordings may take in the database (stored compressed); beyond it the least recently written go first. */
  RECORDING_MAX_TOTAL_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024 * 1024),
  /**
   * The most coins one admin wallet adjustment may add or take (ADR 035); a larger correction is several
   * adjustments, each with its reason. Bounded by what the API takes at all (100,000,000).
   */
  WALLET_ADJUSTMENT_MAX_COINS: z.coerce.number().int().positive().max(100_000_000).default(1_000_000),
  // --- PAYMENTS (issue 3) ---
  /** Port of the card vault (hosted card fields); default PORT+1, 0 = random, 'off' = not started. */
  VAULT_PORT: z.union([z.literal('off'), z.coerce.number().int().min(0).max(65535)]).optional(),
  /** Public address of the vault; default http://localhost:<VAULT_PORT>. */
  VAULT_PUBLIC_URL: z.string().url().optional(),
  /** 32-byte AES key (hex or base64) for stored cards; default a key generated once into DATA_DIR/vault.key. */
  VAULT_KEY: z.string().optional(),
  /**
   * Milliseconds the vault waits for a provider's answer to a card call it relays (ADR 010), answer
   * included; then the call fails and the payment is reconciled by a lookup.
   */
  VAULT_RELAY_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /**
   * Minutes a card token stays usable when nothing uses it (ADR 032): past it the vault refuses it and a
   * background job deletes it. A token a payment or a saved card has used is kept.
   */
  VAULT_TOKEN_TTL_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .max(24 * 60)
    .default(15),
  /**
   * Minutes a frame session (the nonce the card frames send with every /tokenize) lasts; the store's pay
   * page and the SDK get a fresh one before it runs out.
   */
  VAULT_FRAME_SESSION_MINUTES: z.coerce.number().int().positive().max(60).default(5),
  /** The window the tokenize limits below count in. */
  VAULT_TOKENIZE_WINDOW_MINUTES: z.coerce.number().int().positive().default(10),
  /** Tokenizations per address per window (a household or an office behind one address included). */
  VAULT_TOKENIZE_PER_ADDRESS: z.coerce.number().int().positive().default(60),
  /** Tokenizations per shopper (or hosted-checkout session) per window: a shopper retyping a card a few times fits. */
  VAULT_TOKENIZE_PER_SHOPPER: z.coerce.number().int().positive().default(20),
  /** Tokenizations per merchant per window on frames a merchant page opened without a checkout session. */
  VAULT_TOKENIZE_PER_MERCHANT: z.coerce.number().int().positive().default(300),
  /** 'sandbox' (built-in gateway) or 'nuvei'; default nuvei when the NUVEI_* variables are set, else sandbox. */
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'nuvei']).optional(),
  NUVEI_MERCHANT_ID: z.string().optional(),
  NUVEI_MERCHANT_SITE_ID: z.string().optional(),
  NUVEI_SECRET_KEY: z.string().optional(),
  NUVEI_BASE_URL: z.string().url().default('https://ppp-test.nuvei.com/ppp/api/v1'),
  /** Nuvei's hosted Payment Page (the cashier, ADR 014) the shopper is sent to with the real client. */
  NUVEI_CASHIER_URL: z.string().url().default('https://ppp-test.safecharge.com/ppp/purchase.do'),
  /** HMAC secret of the sandbox gateway's notifications; random per start when unset. */
  PAYMENTS_WEBHOOK_SECRET: z.string().min(16).optional(),
  /**
   * Milliseconds the ACH sandbox waits before a bank debit settles (and before a returning test
   * account's settled debit comes back); its controls settle, fail or return one at once (ADR 011).
   */
  ACH_SANDBOX_SETTLE_MS: z.coerce.number().int().positive().default(60_000),
  // --- STRIPE (issue 9, ADR 012) ---
  /** Stripe's secret key (sk_live_… / sk_test_…); unset: the built-in Stripe-compatible sandbox, through the same `stripe` client. */
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  /** Stripe's publishable key (pk_…), handed to the web for Stripe's own card element; needed with STRIPE_SECRET_KEY. */
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
  /** The signing secret (whsec_…) of the webhook endpoint /api/v1/payment/stripe/webhook; the sandbox makes a per-process one when unset. */
  STRIPE_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** Port of the Stripe sandbox's API on 127.0.0.1 (only without STRIPE_SECRET_KEY); 0 (default) = a random free port. */
  STRIPE_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  // --- SQUARE (issue 9, ADR 013) ---
  /** Square's access token; unset: the built-in Square-compatible sandbox, through the same `square` client. */
  SQUARE_ACCESS_TOKEN: z.string().min(1).optional(),
  /** The Square application id (sq0idp-… / sandbox-sq0idb-…) the web's Web Payments SDK needs; required with SQUARE_ACCESS_TOKEN. */
  SQUARE_APPLICATION_ID: z.string().min(1).optional(),
  /** The Square location payments are taken at; required with SQUARE_ACCESS_TOKEN. */
  SQUARE_LOCATION_ID: z.string().min(1).optional(),
  /** Which Square the access token belongs to: its sandbox (connect.squareupsandbox.com) or production. */
  SQUARE_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
  /** The signature key of the webhook subscription (Square signs its events with it); required with SQUARE_ACCESS_TOKEN. */
  SQUARE_WEBHOOK_SIGNATURE_KEY: z.string().min(1).optional(),
  /** The notification URL as registered at Square (it is part of what Square signs); default $PUBLIC_URL/api/v1/payment/square/webhook. */
  SQUARE_WEBHOOK_URL: z.string().url().optional(),
  /** Port of the Square sandbox's API on 127.0.0.1 (only without SQUARE_ACCESS_TOKEN); 0 (default) = a random free port. */
  SQUARE_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  // --- EMBEDDED CHECKOUT: the storefront as merchant (issue 11, ADR 020) ---
  /** The merchant API of a hosted checkout elsewhere; unset: our in-process host, where the store registers itself as merchant lucky-dragon. Needs the other CHECKOUT_MERCHANT_* values. */
  CHECKOUT_API_URL: z.string().url().optional(),
  /** The store's merchant id at that host; required with CHECKOUT_API_URL. */
  CHECKOUT_MERCHANT_ID: z.string().min(1).max(128).optional(),
  /** The store's merchant API key (x-merchant-key); required with CHECKOUT_API_URL. */
  CHECKOUT_MERCHANT_KEY: z.string().min(16).optional(),
  /** The secret the host signs its webhooks with (x-checkout-signature); required with CHECKOUT_API_URL. */
  CHECKOUT_WEBHOOK_SECRET: z.string().min(16).optional(),
  // --- EMBEDDED CHECKOUT: Coinflow's own merchant API instead (issue 22, ADR 041) ---
  /**
   * Whom the store's `coinflow` provider talks to: 'hosted' (default) our hosted checkout (the in-process
   * one, or CHECKOUT_API_URL's); 'coinflow' Coinflow's merchant API and purchase page (COINFLOW_* below).
   */
  COINFLOW_MODE: z.enum(['hosted', 'coinflow']).default('hosted'),
  /** Which Coinflow: 'sandbox' (api-sandbox.coinflow.cash, sandbox.coinflow.cash) or 'prod' (api.coinflow.cash, coinflow.cash). */
  COINFLOW_ENV: z.enum(['sandbox', 'prod']).default('sandbox'),
  /** Coinflow's API origin; default COINFLOW_ENV's (the paths under it start with /api/). */
  COINFLOW_API_URL: z.string().url().optional(),
  /** The origin of Coinflow's purchase page the pay page frames; default COINFLOW_ENV's. */
  COINFLOW_CHECKOUT_URL: z.string().url().optional(),
  /** The store's merchant id at Coinflow; required with COINFLOW_MODE=coinflow. */
  COINFLOW_MERCHANT_ID: z.string().min(1).max(128).optional(),
  /** The merchant API key (sent as the Authorization header); required with COINFLOW_MODE=coinflow. */
  COINFLOW_API_KEY: z.string().min(1).optional(),
  /** The Webhook Validation Key of Coinflow's dashboard (Developers → Webhooks); required with COINFLOW_MODE=coinflow. */
  COINFLOW_WEBHOOK_VALIDATION_KEY: z.string().min(1).optional(),
  // --- EMBEDDED CHECKOUT: the hosted checkout in this process (issue 11, ADR 020, 048: apps/checkout-host) ---
  /** Port of the hosted checkout (purchase-v2 page, merchant API); default PORT+2, 0 = random, 'off' = not started. */
  CHECKOUT_PORT: z.union([z.literal('off'), z.coerce.number().int().min(0).max(65535)]).optional(),
  /** Public address of the hosted checkout; default http://localhost:<CHECKOUT_PORT>. */
  CHECKOUT_PUBLIC_URL: z.string().url().optional(),
  /** The hosted page's script as `npm run build` writes it (issue 23); the host reads it once when it starts. */
  CHECKOUT_PAGE_SCRIPT: z
    .string()
    .min(1)
    .transform((file) => path.resolve(file))
    .default(BUILT_PAGE_SCRIPT),
  /**
   * A second port for the host's API as the published @coinflowlabs/react SDK reaches it (its `local`
   * environment: page on 3000, API on 5000): GET /merchant/view/:merchantId and POST
   * /api/telemetry/frontend-error, with CORS for the merchants' origins. Unset: only on CHECKOUT_PORT.
   */
  CHECKOUT_API_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /**
   * More origins the store's own merchant at the in-process host may frame the checkout from (comma-separated
   * origins), beside the store's (e.g. a merchant page of the published SDK on another port).
   */
  /**
   * The hosted checkout started alone (`npm run start:checkout-host`, ADR 052): the store it serves, registered
   * as its merchant (its origin may frame the page; its webhook is <url>/api/v1/payment/coinflow/webhook). Default
   * http://localhost:3000, where `npm start` opens the store.
   */
  CHECKOUT_STORE_URL: z.string().url().optional(),
  CHECKOUT_EXTRA_ORIGINS: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx): string[] => {
      const entries = (value ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      for (const entry of entries) {
        if (!/^https?:\/\/[^/?#\s]+$/.test(entry) || !URL.canParse(entry) || new URL(entry).origin !== entry)
          ctx.addIssue({ code: 'custom', message: `'${entry}' is not an origin (scheme://host[:port], no path)` });
      }
      return entries;
    }),
  /** The host's secret (merchant API keys and webhook secrets are derived from it); default a secret generated once into DATA_DIR/checkout.key. */
  CHECKOUT_SECRET: z.string().min(32).optional(),
  /**
   * Origins a merchant's `merchantCss` stylesheet may come from (comma-separated, e.g. https://cdn.shop.example);
   * the page's CSP style-src names the one a page is given. Unset: none, and every merchantCss is refused by name.
   */
  CHECKOUT_MERCHANT_CSS_ORIGINS: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx): string[] => {
      const entries = (value ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const isOrigin = (entry: string) => {
        try {
          const url = new URL(entry);
          return url.origin === entry && (url.protocol === 'https:' || url.protocol === 'http:');
        } catch {
          return false;
        }
      };
      const bad = entries.find((entry) => !isOrigin(entry));
      if (bad !== undefined) ctx.addIssue({ code: 'custom', message: `'${bad}' is not an http(s) origin (scheme://host[:port], no path)` });
      return entries;
    }),
  /**
   * The hosted checkout's own card-attempt limits (ADR 031), whatever its merchants count: card payments
   * per merchant customer (across all their sessions), per device (the SDK's deviceId, when the page has
   * one) and per address in a window, a decline weighing 4; then 429 CARD_ATTEMPTS_LIMITED with Retry-After.
   */
  CHECKOUT_CARD_ATTEMPTS_PER_CUSTOMER: z.coerce.number().int().positive().default(20),
  CHECKOUT_CARD_ATTEMPTS_PER_DEVICE: z.coerce.number().int().positive().default(20),
  CHECKOUT_CARD_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().positive().default(100),
  CHECKOUT_CARD_ATTEMPT_WINDOW_MINUTES: z.coerce.number().int().positive().default(60),
  /** How long the hosted checkout waits for the fraud check of a payment (ADR 045); then CHECKOUT_FRAUD_ON_FAILURE decides. */
  CHECKOUT_FRAUD_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(2_000),
  /** What a payment gets when the fraud check fails or times out: 'review' (it goes on, a card is asked for 3-D Secure) or 'decline'. */
  CHECKOUT_FRAUD_ON_FAILURE: z.enum(FRAUD_FAILURE_POLICIES).default('review'),
  // --- IDENTITY VERIFICATION (issue 10, ADR 016) ---
  /** Jumio's OAuth2 client id (API token); unset: the built-in identity-check sandbox. Needs the other JUMIO_* values. */
  JUMIO_API_TOKEN: z.string().min(1).optional(),
  /** Jumio's OAuth2 client secret, with JUMIO_API_TOKEN. */
  JUMIO_API_SECRET: z.string().min(1).optional(),
  /** Jumio's data center (ADR 040): picks the default auth, account and retrieval hosts. */
  JUMIO_REGION: z.enum(JUMIO_REGIONS).default('amer-1'),
  /** Jumio's OAuth2 token endpoint, whole; default https://auth.{JUMIO_REGION}.jumio.ai/oauth2/token. */
  JUMIO_AUTH_URL: z.string().url().optional(),
  /** Jumio's account service (create/update account, workflow execution); default https://account.{JUMIO_REGION}.jumio.ai. */
  JUMIO_ACCOUNT_URL: z.string().url().optional(),
  /** Jumio's retrieval service (status, decision); default https://retrieval.{JUMIO_REGION}.jumio.ai. */
  JUMIO_RETRIEVAL_URL: z.string().url().optional(),
  /** Replaced by JUMIO_ACCOUNT_URL and JUMIO_RETRIEVAL_URL (Jumio serves them from different hosts): refused, not ignored. */
  JUMIO_API_URL: z
    .undefined({
      message:
        'no longer read: Jumio serves accounts and retrieval from different hosts; set JUMIO_ACCOUNT_URL and JUMIO_RETRIEVAL_URL (or just JUMIO_REGION)',
    })
    .optional(),
  /** The HMAC secret callbacks are signed with (x-jumio-signature); the sandbox makes a per-process one when unset. */
  JUMIO_CALLBACK_SECRET: z.string().min(16).optional(),
  /**
   * Where Jumio's callbacks may come from (ADR 040): addresses or CIDRs, comma-separated; a callback from
   * elsewhere is refused (403). Unset: from anywhere (Jumio does not sign its callbacks; a callback only
   * makes the store ask Jumio's retrieval host). Behind a proxy, TRUST_PROXY must name it.
   */
  JUMIO_CALLBACK_ALLOWED_IPS: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx): string[] | undefined => {
      if (!value) return undefined;
      const entries = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const bad = entries.find((entry) => !isAddressOrCidr(entry));
      if (bad !== undefined) ctx.addIssue({ code: 'custom', message: `'${bad}' is not an IP address or CIDR` });
      return entries;
    }),
  /** The workflow definition key an attempt runs: 10011, Jumio's ID and Identity Verification (ID + selfie with liveness). */
  JUMIO_WORKFLOW_KEY: z.coerce.number().int().positive().default(10011),
  /** The User-Agent of every call to Jumio (Jumio asks that it name the business). */
  JUMIO_USER_AGENT: z.string().min(1).max(200).default('LuckyDragonStore/1.0'),
  /** Milliseconds a call to Jumio may take, answer included. */
  JUMIO_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  // --- SOCIAL SIGN-IN (issue 12, ADR 029) ---
  /** Sign in with Apple: the Services ID (client id); unset: the built-in Apple sandbox (demo mode only). Needs the other APPLE_* values. */
  APPLE_CLIENT_ID: z.string().min(1).optional(),
  /** The Apple developer team id (the client secret JWT's issuer), with APPLE_CLIENT_ID. */
  APPLE_TEAM_ID: z.string().min(1).optional(),
  /** The id of the Sign in with Apple private key, with APPLE_CLIENT_ID. */
  APPLE_KEY_ID: z.string().min(1).optional(),
  /** That private key (PKCS#8 PEM, ES256; "\n" may stand for line breaks), with APPLE_CLIENT_ID. */
  APPLE_PRIVATE_KEY: z.string().min(1).optional(),
  /** Facebook Login: the app id; unset: the built-in Facebook sandbox (demo mode only). Needs FACEBOOK_APP_SECRET. */
  FACEBOOK_APP_ID: z.string().min(1).optional(),
  /** The Facebook app secret, with FACEBOOK_APP_ID. */
  FACEBOOK_APP_SECRET: z.string().min(1).optional(),
});

type Flags = 'DEMO_DATA' | 'ALLOW_DEMO_IN_PRODUCTION' | 'DEMO_REMOTE_ACCESS' | 'TEST_LOGIN_ADMIN' | 'API_DOCS';

export type Config = Omit<
  z.infer<typeof envSchema>,
  Flags | 'PUBLIC_URL' | 'MAIL_TRANSPORT' | 'HOST' | 'STRIPE_SANDBOX_PORT' | 'SQUARE_SANDBOX_PORT'
> &
  Record<Flags, boolean> & {
    PUBLIC_URL: string;
    /** Where every listener binds (127.0.0.1 in demo mode unless HOST says otherwise). */
    HOST: string;
    /** The sandboxes' ports: PORT+3 and PORT+4 unless set (0, random, when PORT is 0). */
    STRIPE_SANDBOX_PORT: number;
    SQUARE_SANDBOX_PORT: number;
    /** The origins the store's pages may be opened at: PUBLIC_URL's, or both loopback names when it is unset. */
    STORE_ORIGINS: string[];
    /**
     * What the store's own pages link the browser back with (the sandbox bank page's way back): PUBLIC_URL
     * when set; '' (a path on whichever origin the shopper is on) when it is not.
     */
    BROWSER_BASE: string;
    MAIL_TRANSPORT: MailTransport;
    /** The hosted checkout's chains (ADR 021): real nodes by SOLANA_* / EVM_<CHAIN>_* variables, else the local sandboxes. */
    CHAIN_OPTIONS: ChainOptions;
  };

const isDemo = (e: { DEMO_DATA?: string; NODE_ENV: string }) => (e.DEMO_DATA ? e.DEMO_DATA === 'true' : e.NODE_ENV !== 'production');
/** The port `offset` above the store's, as the vault (+1) and the hosted checkout (+2) take theirs; 0 stays 0. */
const portBeside = (port: number, offset: number) => (port === 0 ? 0 : port + offset);

/**
 * Reads and validates the environment once; a bad value, or a combination production mode refuses,
 * stops the start with a clear one-line message (ConfigError).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new ConfigError(`Invalid environment variable ${first?.path.join('.')}: ${first?.message}`);
  }
  const e = parsed.data;
  const merged = {
    ...e,
    DEMO_DATA: isDemo(e),
    ALLOW_DEMO_IN_PRODUCTION: e.ALLOW_DEMO_IN_PRODUCTION === 'true',
    DEMO_REMOTE_ACCESS: e.DEMO_REMOTE_ACCESS === 'true',
    TEST_LOGIN_ADMIN: e.TEST_LOGIN_ADMIN === 'true',
    API_DOCS: e.API_DOCS ? e.API_DOCS === 'true' : e.NODE_ENV !== 'production',
    // Demo mode answers only this machine unless told otherwise (issue 24): its doors hand out sessions.
    HOST: e.HOST ?? (isDemo(e) ? '127.0.0.1' : '0.0.0.0'),
    // The sandboxes' fixed ports beside the store's (README "Ports"); 0 (random) when the store's is.
    STRIPE_SANDBOX_PORT: e.STRIPE_SANDBOX_PORT ?? portBeside(overrides.PORT ?? e.PORT, 3),
    SQUARE_SANDBOX_PORT: e.SQUARE_SANDBOX_PORT ?? portBeside(overrides.PORT ?? e.PORT, 4),
    ...overrides,
    // An override of undefined (a test asking for "no PUBLIC_URL") means the default, as unset does.
    PUBLIC_URL: overrides.PUBLIC_URL ?? e.PUBLIC_URL ?? `http://localhost:${overrides.PORT ?? e.PORT}`,
  };
  checkProductionRules(merged);
  checkCardProviderUrl(merged);
  checkCoinflowSettings(merged);
  const publicUrlSet = e.PUBLIC_URL !== undefined || overrides.PUBLIC_URL !== undefined;
  let chainOptions: ChainOptions;
  try {
    // The local sandbox chains are a demo convenience (ADR 043): outside demo mode a chain needs its node.
    chainOptions = overrides.CHAIN_OPTIONS ?? { ...chainOptionsFromEnv(env), sandboxes: merged.DEMO_DATA };
  } catch (err) {
    throw new ConfigError(err instanceof Error ? err.message : String(err));
  }
  if (merged.CHECKOUT_PORT !== 'off') {
    checkSandboxPackages(chainOptions);
    // The host serves its page script as built, never building it here: without the build it cannot start.
    const missing = pageScriptMissing(merged.CHECKOUT_PAGE_SCRIPT);
    if (missing) throw new ConfigError(missing);
  }
  return {
    ...merged,
    CHAIN_OPTIONS: chainOptions,
    MAIL_TRANSPORT: resolveMailTransport(merged),
    STORE_ORIGINS: overrides.STORE_ORIGINS ?? storeOrigins(publicUrlSet ? merged.PUBLIC_URL : undefined, merged.PORT),
    BROWSER_BASE: overrides.BROWSER_BASE ?? (publicUrlSet ? merged.PUBLIC_URL.replace(/\/+$/, '') : ''),
  };
}

/**
 * The hosted checkout's sandbox chains run on development dependencies (ADR 043): a demo start on a
 * production install (`npm ci --omit=dev`) stops here with the remedy, not at the first USDC payment.
 */
export function checkSandboxPackages(options: ChainOptions, resolve?: Parameters<typeof missingSandboxPackages>[1]): void {
  const missing = missingSandboxPackages(options, resolve);
  if (missing.length) throw new ConfigError(`Demo mode cannot start its sandboxes: ${missing.join('; ')}.`);
}

/** COINFLOW_MODE=coinflow needs the store's credentials at Coinflow: a start without them stops here. */
export function checkCoinflowSettings(
  s: Pick<Config, 'COINFLOW_MODE' | 'COINFLOW_MERCHANT_ID' | 'COINFLOW_API_KEY' | 'COINFLOW_WEBHOOK_VALIDATION_KEY'>,
): void {
  if (s.COINFLOW_MODE !== 'coinflow') return;
  const missing = (['COINFLOW_MERCHANT_ID', 'COINFLOW_API_KEY', 'COINFLOW_WEBHOOK_VALIDATION_KEY'] as const).filter((name) => !s[name]);
  if (missing.length) throw new ConfigError(`COINFLOW_MODE=coinflow needs ${missing.join(', ')}.`);
}

/**
 * With PUBLIC_URL set, exactly its origin. Without it a newcomer may open the store at either loopback
 * name, http://localhost:3000 or http://127.0.0.1:3000, and both must work (the card frames included).
 */
function storeOrigins(publicUrl: string | undefined, port: number): string[] {
  if (publicUrl) return [new URL(publicUrl).origin];
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
}
