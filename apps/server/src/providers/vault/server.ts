// The vault's own HTTP server (a second origin): the hosted field pages and POST /tokenize.
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { VAULT_INVALID_CVV } from '@store/shared';
import { failureEnvelope } from '../../lib/errors.ts';
import type { ProxyTrust } from '../../lib/proxy-trust.ts';
import type { AttemptCounters } from '@store/server-kit';
import { checkCard, cvvValid } from './card-rules.ts';
import type { FrameConfigSigner } from './frame-config.ts';
import { FRAME_SESSION_HEADER, isFrameSessionShape, type FrameSessionSigner } from './frame-session.ts';
import { fieldPage, fieldPlaceholder, fieldsScript, fieldTheme, refusedFieldPage } from './pages.ts';
import { tokenizeGuard, type TokenizeGuardOptions, type TokenizeLimits } from './tokenize-guard.ts';
import { tokenizerScript } from './tokenizer-script.ts';
import type { Vault } from './vault.ts';

const tokenizeBody = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('card'), number: z.string().max(32), expiry: z.string().max(10), cvv: z.string().max(8).optional() }),
  z.strictObject({ kind: z.literal('cvv'), cvv: z.string().max(8) }),
]);

export interface VaultServerOptions {
  vault: Vault;
  /**
   * The store's origins (config STORE_ORIGINS): the pages allowed to frame the fields without a signed
   * configuration, and the only ones that may call /tokenize cross-origin (the frames call it same-origin).
   */
  storeOrigins: string[];
  /**
   * The vault's own public origin, from configuration (read per request: with port 0 it is known only
   * once the server listens). Never taken from the request's Host header, which the caller chooses.
   */
  vaultOrigin: () => string;
  /** Checks the `cfg` a frame URL carries (signed by the vault for the hosted checkout's tokenizer config). */
  frameConfigs: Pick<FrameConfigSigner, 'verify'>;
  /** Checks the frame session every /tokenize must carry (ADR 032). */
  frameSessions: Pick<FrameSessionSigner, 'check'>;
  /** The tokenize limits' counters: the app's attempt counters, shared through Redis when REDIS_URL is set. */
  counters: AttemptCounters;
  limits: TokenizeLimits;
  /** TRUST_PROXY, as the store's own server reads it: the address the per-address limit counts. */
  trustProxy: ProxyTrust | false;
  onLimited?: TokenizeGuardOptions['onLimited'];
}

/** Who may frame a field page and hear from it; null when the page carries a configuration the vault refuses. */
interface FramePolicy {
  /** frame-ancestors: every page above the frame must be one of these. */
  ancestors: string[];
  /** The one origin the frame posts to and takes requests from. */
  parent: string;
}

export function createVaultServer(options: VaultServerOptions): FastifyInstance {
  const { vault, storeOrigins, vaultOrigin, frameConfigs } = options;
  /**
   * Without `cfg`: the store's origins, as always. With a `cfg` the vault signed and that has not expired:
   * exactly the origins it names (a merchant page, the hosted checkout). A forged, altered, expired or
   * repeated `cfg` is refused outright rather than quietly read as "no cfg". The page that frames a field
   * names itself in ?origin=; the field answers that origin when it is allowed, else the first allowed one.
   */
  const policyOf = (query: unknown): FramePolicy | null => {
    const { origin: named, cfg } = (query ?? {}) as { origin?: unknown; cfg?: unknown };
    let ancestors = storeOrigins;
    if (cfg !== undefined) {
      const signed = typeof cfg === 'string' ? frameConfigs.verify(cfg) : null;
      if (!signed) return null;
      ancestors = signed;
    }
    const parent = typeof named === 'string' && ancestors.includes(named) ? named : ancestors[0]!;
    return { ancestors, parent };
  };
  // No request logging at all: this server receives card numbers.
  const server = Fastify({ logger: false, bodyLimit: 4 * 1024, trustProxy: options.trustProxy });

  const pageHeaders = (ancestors: string) => ({
    'content-security-policy': `default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors ${ancestors}`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  });

  for (const [path, kind] of [
    ['/fields/card-number', 'card'],
    ['/fields/cvv', 'cvv'],
  ] as const) {
    server.get(path, async (req, reply) => {
      const policy = policyOf(req.query);
      // The frame session the page was opened with (?session=): the frame sends it with /tokenize until
      // its page hands it a newer one. Checked there, not here: an expired one still shows the field.
      const query = (req.query ?? {}) as { placeholder?: unknown; session?: unknown; theme?: unknown };
      if (!policy) return reply.status(403).headers(pageHeaders("'none'")).type('text/html; charset=utf-8').send(refusedFieldPage());
      return reply
        .headers(pageHeaders(policy.ancestors.join(' ')))
        .type('text/html; charset=utf-8')
        .send(
          fieldPage(
            kind,
            policy.parent,
            fieldPlaceholder(kind, query.placeholder),
            isFrameSessionShape(query.session) ? query.session : '',
            fieldTheme(query.theme),
          ),
        );
    });
  }
  server.get('/fields/fields.js', async (_req, reply) =>
    reply
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-cache')
      .type('text/javascript; charset=utf-8')
      .send(fieldsScript()),
  );
  // Loaded by <script> from any merchant page, so readable cross-origin; it holds no secret (tokenizer-script.ts).
  server.get('/tokenizer/tokenizer.js', async (_req, reply) =>
    reply
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', 'no-cache')
      .type('text/javascript; charset=utf-8')
      .send(tokenizerScript()),
  );

  // The frames call /tokenize from the vault's own origin; a store page may call it cross-origin. The
  // preflight answers the store's origins only (a hosted-checkout page has no reason to call it itself).
  server.options('/tokenize', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin && storeOrigins.includes(origin)) reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    return reply
      .header('access-control-allow-methods', 'POST')
      .header('access-control-allow-headers', `content-type, ${FRAME_SESSION_HEADER}`)
      .header('access-control-max-age', '600')
      .status(204)
      .send();
  });

  // Origin, frame session and limits: all before the body is read (tokenize-guard.ts).
  const guard = tokenizeGuard({
    storeOrigins,
    vaultOrigin,
    sessions: options.frameSessions,
    counters: options.counters,
    limits: options.limits,
    onLimited: options.onLimited,
  });
  server.post('/tokenize', { onRequest: guard }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const parsed = tokenizeBody.safeParse(request.body);
    if (!parsed.success) {
      // The field's name only: an issue's message could quote what was sent.
      const field = String(parsed.error.issues[0]?.path[0] ?? 'body');
      return reply.status(400).send(failureEnvelope('VALIDATION_FAILED', 'Invalid card data', field));
    }
    const body = parsed.data;
    if (body.kind === 'cvv') {
      if (!cvvValid(body.cvv)) return reply.status(400).send(failureEnvelope('VALIDATION_FAILED', VAULT_INVALID_CVV, 'cvv'));
      const token = vault.storeCvv(body.cvv);
      return { token, expiresAt: vault.cvvExpiresAt(token) };
    }
    const card = checkCard(body);
    if ('error' in card) return reply.status(400).send(failureEnvelope('VALIDATION_FAILED', card.error, card.field));
    // A new card's CVV (the card frame sends it with number and expiry, checked above against the brand):
    // sealed with the card until the relay takes it (ADR 038). It is never logged: this server logs nothing.
    return vault.storeCard(card, body.cvv);
  });

  server.setNotFoundHandler((_req, reply) => reply.status(404).send(failureEnvelope('NOT_FOUND', 'Not found.')));
  server.setErrorHandler((error: { statusCode?: number }, _req, reply) => {
    // Never echo request data back: it may hold a card number.
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    return reply
      .status(status)
      .send(status === 500 ? failureEnvelope('INTERNAL', 'Vault error') : failureEnvelope('BAD_REQUEST', 'Bad request'));
  });
  return server;
}
