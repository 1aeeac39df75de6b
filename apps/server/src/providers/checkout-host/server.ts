// The hosted checkout's own HTTP server (a second origin, like the card vault's): the purchase-v2 page and
// its API, the merchant API, /merchant/view, the tokenizer config and the device-id scripts (helper routes
// under tokenizer/ and device-id/), and the sandbox faucet in demo mode.
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { proxyTrustFor } from '../../lib/proxy-trust.ts';
import type { ChainRegistry } from '../chains/index.ts';
import { CardAttemptsLimited } from './card-limits.ts';
import { challengeReturnRoutes } from './challenge-return.ts';
import { deviceIdRoutes } from './device-id/routes.ts';
import { merchantApiRoutes } from './merchant-api.ts';
import { pageApiRoutes } from './page-api.ts';
import { pageRoutes } from './page-routes.ts';
import { sandboxRoutes } from './sandbox-routes.ts';
import { hashSessionKey } from './secret.ts';
import type { CheckoutHostService } from './service.ts';
import { tokenizerConfigRoutes, type TokenizerConfigRoutesOptions } from './tokenizer/routes.ts';
import * as repo from './repository.ts';
import type { Db } from '../../db/client.ts';

export interface CheckoutHostServerOptions {
  db: Db;
  config: Config;
  service: CheckoutHostService;
  secret: Buffer;
  chains: ChainRegistry;
  hostOrigin: () => string;
  vault: TokenizerConfigRoutesOptions['vault'];
  providerPageOrigins: string[];
  logger?: boolean;
}

export async function createCheckoutHostServer(opts: CheckoutHostServerOptions): Promise<FastifyInstance> {
  const { service, config } = opts;
  // The caller's address (card attempts count per address, ADR 031) as the store reads it: behind the
  // proxies TRUST_PROXY names, X-Forwarded-For; else the socket's peer.
  const server = Fastify({ logger: opts.logger ?? false, bodyLimit: 16 * 1024, trustProxy: proxyTrustFor(config) });

  // Helmet's defaults that fit a framed page: no sniffing, no referrer, and nothing but the page framed.
  server.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('x-dns-prefetch-control', 'off');
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
  });

  // Before the routes: Fastify hands each plugin the error handler in force when it is registered.
  server.setNotFoundHandler((_req, reply) => reply.status(404).send({ success: false, message: 'Not found.', code: 'NOT_FOUND' }));
  server.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
    if (error instanceof CardAttemptsLimited) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof AppError)
      return reply
        .status(error.statusCode)
        .send({ success: false, message: error.message, code: error.code, ...(error.field ? { field: error.field } : {}) });
    if (error.statusCode && error.statusCode < 500)
      return reply
        .status(error.statusCode)
        .send({ success: false, message: 'Bad request: ' + (error.message ?? ''), code: 'BAD_REQUEST', field: 'body' });
    request.log.error({ err: error }, 'checkout host error');
    return reply.status(500).send({ success: false, message: 'Checkout error', code: 'INTERNAL' });
  });

  await server.register(merchantApiRoutes, { service, secret: opts.secret });
  await server.register(pageApiRoutes, { service });
  await server.register(challengeReturnRoutes, { service });
  await server.register(pageRoutes, {
    service,
    hostOrigin: opts.hostOrigin,
    vaultOrigin: () => opts.vault.origin(),
    providerPageOrigins: opts.providerPageOrigins,
    merchantCssOrigins: config.CHECKOUT_MERCHANT_CSS_ORIGINS,
  });
  await server.register(tokenizerConfigRoutes, {
    vault: opts.vault,
    hostOrigin: opts.hostOrigin,
    findMerchant: async (id) => (await service.findMerchant(id)) ?? null,
    // The hosted page's own "checkout JWT" is its session key: it names the session, and so the merchant.
    verifyCheckoutJwt: async (key) => {
      const session = await repo.findSessionByKeyHash(opts.db, hashSessionKey(key));
      return session && session.status === 'open' && session.expiresAt.getTime() > Date.now()
        ? { merchantId: session.merchantId, sessionId: session.id }
        : null;
    },
  });
  await server.register(deviceIdRoutes);
  if (config.DEMO_DATA) await server.register(sandboxRoutes, { chains: opts.chains, config });

  return server;
}
