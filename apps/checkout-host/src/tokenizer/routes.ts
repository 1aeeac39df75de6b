// POST /api/tokenize/iframe/config on the hosted checkout's origin (SPEC §7 Embedded checkout, §3
// "Tokenizer config request"): a merchant page (or the hosted page itself) asks where the vault's card
// fields are and for a signed configuration that lets its origins frame them. The origins must be the
// merchant's allowed origins or the host's own; the vault signs them (providers/vault/frame-config.ts) and
// its frames then answer exactly those for 30 minutes. The answer also carries a frame session (ADR 032),
// the nonce the frames send with every /tokenize: bound to the hosted-checkout session a checkout JWT
// names, or, for a merchant page without one, to the merchant (whose visitors then share one tokenize
// limit); asking again gives a fresh one (the SDK does before it runs out).
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { FRAME_CONFIG_MAX_ORIGINS, isOrigin, type FrameSessionGrant, type FrameSessionSubject } from '@store/server-kit';

export const TOKENIZER_CONFIG_PATH = '/api/tokenize/iframe/config';

export interface TokenizerConfigRoutesOptions {
  vault: {
    /** The vault's public origin ('' when its server is off). */
    origin(): string;
    signFrameConfig(origins: string[]): { cfg: string; expiresAt: string };
    issueFrameSession(subject: FrameSessionSubject, origins?: string[]): FrameSessionGrant;
  };
  /** The host's own public origin: its pages may always frame the fields. */
  hostOrigin(): string;
  findMerchant(id: string): Promise<{ allowedOrigins: string[] } | null>;
  /** The session and merchant a checkout JWT (the hosted page's session token) was issued for; null when invalid or expired. */
  verifyCheckoutJwt(jwt: string): Promise<{ merchantId: string; sessionId: string } | null>;
  /** Limit for each lookup above; default 5000 ms. */
  lookupTimeoutMs?: number;
}

export interface TokenizerConfig {
  tokenizerScriptUrl: string;
  vaultOrigin: string;
  cardNumberFrameUrl: string;
  cvvFrameUrl: string;
  /** ISO time after which the frame URLs stop working (load the frames before). */
  expiresAt: string;
  /** 'cvv' when a saved card's token was given: mount only the CVV frame. */
  mode: 'card' | 'cvv';
  /** The frame session the frame URLs carry (ADR 032); hand a newer one to tokenize before this one runs out. */
  session: string;
  /** ISO time after which the vault refuses `session` (VAULT_SESSION_EXPIRED): ask for the config again. */
  sessionExpiresAt: string;
}

const body = z.strictObject({
  origins: z
    .array(z.string().max(2048).refine(isOrigin, 'must be an origin such as https://shop.example (scheme, host, port; no path)'))
    .min(1)
    .max(FRAME_CONFIG_MAX_ORIGINS),
  /** A saved card's vault token: the shopper gives only its CVV. */
  token: z
    .string()
    .regex(/^card_[A-Za-z0-9_-]{8,64}$/, 'must be a saved card token')
    .optional(),
  merchantId: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'must be a merchant id')
    .optional(),
  checkoutJwt: z.string().min(1).max(4096).optional(),
});

function fail(reply: FastifyReply, status: number, code: string, message: string, field?: string) {
  return reply.status(status).send({ success: false, message, code, ...(field ? { field } : {}) });
}

class LookupTimeout extends Error {}
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LookupTimeout()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export const tokenizerConfigRoutes: FastifyPluginAsync<TokenizerConfigRoutesOptions> = async (app, opts) => {
  const { vault, hostOrigin, findMerchant, verifyCheckoutJwt } = opts;
  const lookupTimeoutMs = opts.lookupTimeoutMs ?? 5000;

  // Merchant pages call this cross-origin. The preflight cannot know the merchant yet, so it answers any
  // origin; the POST itself is answered to an allowed origin only (and it carries no credentials).
  app.options(TOKENIZER_CONFIG_PATH, async (request, reply) => {
    const origin = request.headers.origin;
    if (origin) reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    return reply
      .header('access-control-allow-methods', 'POST')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-max-age', '600')
      .status(204)
      .send();
  });

  app.post(TOKENIZER_CONFIG_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store').header('vary', 'Origin');
    const parsed = body.safeParse(request.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.code === 'unrecognized_keys' ? issue.keys[0]! : String(issue.path[0] ?? 'body');
      const message =
        issue.code === 'unrecognized_keys' ? `Unknown field '${field}'` : `Invalid ${issue.path.join('.') || 'body'}: ${issue.message}`;
      return fail(reply, 400, 'VALIDATION_FAILED', message, field);
    }
    const { origins, token, checkoutJwt } = parsed.data;
    let { merchantId } = parsed.data;
    let checkoutSessionId: string | null = null;
    if (!merchantId && !checkoutJwt) return fail(reply, 400, 'VALIDATION_FAILED', 'merchantId or checkoutJwt is required', 'merchantId');

    try {
      if (checkoutJwt) {
        const claims = await withTimeout(verifyCheckoutJwt(checkoutJwt), lookupTimeoutMs);
        if (!claims) return fail(reply, 401, 'UNAUTHORIZED', 'The checkout token is invalid or has expired', 'checkoutJwt');
        if (merchantId && merchantId !== claims.merchantId) {
          return fail(reply, 403, 'FORBIDDEN', 'The checkout token belongs to another merchant', 'merchantId');
        }
        merchantId = claims.merchantId;
        checkoutSessionId = claims.sessionId;
      }
      const merchant = await withTimeout(findMerchant(merchantId!), lookupTimeoutMs);
      if (!merchant) return fail(reply, 404, 'NOT_FOUND', 'Unknown merchant', 'merchantId');

      const allowed = new Set([...merchant.allowedOrigins, hostOrigin()]);
      const caller = request.headers.origin;
      // A browser names the calling page: it must be one of the merchant's pages too.
      if (caller !== undefined && !allowed.has(caller))
        return fail(reply, 403, 'FORBIDDEN', 'This page may not use the card fields', 'origin');
      if (caller) reply.header('access-control-allow-origin', caller);
      const refused = origins.find((origin) => !allowed.has(origin));
      if (refused) return fail(reply, 403, 'FORBIDDEN', `Origin not allowed for this merchant: ${refused}`, 'origins');
    } catch (err) {
      if (err instanceof LookupTimeout) return fail(reply, 503, 'UNAVAILABLE', 'The checkout is busy; try again', undefined);
      throw err;
    }

    const vaultOrigin = vault.origin();
    if (!vaultOrigin) return fail(reply, 503, 'UNAVAILABLE', 'Card fields are not available');
    const signedOrigins = [...new Set(origins)];
    const { cfg, expiresAt } = vault.signFrameConfig(signedOrigins);
    // Who the cards are typed for: the checkout session (its shopper), else the merchant page's visitors.
    const subject: FrameSessionSubject = checkoutSessionId
      ? { kind: 'checkout', id: checkoutSessionId }
      : { kind: 'merchant', id: merchantId! };
    const frameSession = vault.issueFrameSession(subject, signedOrigins);
    const frameUrl = (path: string) => `${vaultOrigin}${path}?${new URLSearchParams({ cfg, session: frameSession.session })}`;
    const data: TokenizerConfig = {
      tokenizerScriptUrl: `${vaultOrigin}/tokenizer/tokenizer.js`,
      vaultOrigin,
      cardNumberFrameUrl: frameUrl('/fields/card-number'),
      cvvFrameUrl: frameUrl('/fields/cvv'),
      expiresAt,
      mode: token ? 'cvv' : 'card',
      session: frameSession.session,
      sessionExpiresAt: frameSession.expiresAt,
    };
    return { success: true as const, data };
  });
};

export default tokenizerConfigRoutes;
