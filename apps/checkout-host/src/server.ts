// The hosted checkout's own HTTP server (a second origin, like the card vault's): the purchase-v2 page and
// its API, the merchant API, /merchant/view, the tokenizer config and the device-id scripts (helper routes
// under tokenizer/ and device-id/), and the sandbox faucet in demo mode.
import Fastify, { type FastifyInstance, type onRequestAsyncHookHandler } from 'fastify';
import type { CheckoutHostConfig } from './config.ts';
import type { ChainRegistry } from './chains/index.ts';
import { challengeReturnRoutes } from './challenge-return.ts';
import { deviceIdRoutes } from './device-id/routes.ts';
import { merchantApiRoutes } from './merchant-api.ts';
import { pageApiRoutes } from './page-api.ts';
import { pageRoutes } from './page-routes.ts';
import { sandboxRoutes } from './sandbox-routes.ts';
import { applyHostBasics } from './server-basics.ts';
import { hashSessionKey } from './secret.ts';
import type { PageScript } from './page/script.ts';
import type { CheckoutHostService } from './service.ts';
import { tokenizerConfigRoutes, type TokenizerConfigRoutesOptions } from './tokenizer/routes.ts';
import * as repo from './repository.ts';
import type { Db } from './db.ts';
import type { ProxyTrust } from './server-basics.ts';

export interface CheckoutHostServerOptions {
  db: Db;
  config: CheckoutHostConfig;
  /** Which peers may name the caller's address in X-Forwarded-For (the store's TRUST_PROXY, compiled): Fastify's trustProxy. */
  trustProxy: ProxyTrust;
  /** Guards the demo-only sandbox routes (the store's demo door: this machine only, unless opened on purpose). */
  demoDoor: onRequestAsyncHookHandler;
  service: CheckoutHostService;
  secret: Buffer;
  chains: ChainRegistry;
  hostOrigin: () => string;
  vault: TokenizerConfigRoutesOptions['vault'];
  providerPageOrigins: string[];
  /** The built page script (page/script.ts), read once when the host starts. */
  pageScript: PageScript;
  logger?: boolean;
}

export async function createCheckoutHostServer(opts: CheckoutHostServerOptions): Promise<FastifyInstance> {
  const { service, config } = opts;
  // The caller's address (card attempts count per address, ADR 031) as the store reads it: behind the
  // proxies TRUST_PROXY names, X-Forwarded-For; else the socket's peer.
  const server = Fastify({ logger: opts.logger ?? false, bodyLimit: 16 * 1024, trustProxy: opts.trustProxy });

  applyHostBasics(server);

  await server.register(merchantApiRoutes, { service, secret: opts.secret });
  await server.register(pageApiRoutes, { service });
  await server.register(challengeReturnRoutes, { service });
  await server.register(pageRoutes, {
    service,
    hostOrigin: opts.hostOrigin,
    vaultOrigin: () => opts.vault.origin(),
    providerPageOrigins: opts.providerPageOrigins,
    merchantCssOrigins: config.CHECKOUT_MERCHANT_CSS_ORIGINS,
    pageScript: opts.pageScript,
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
  if (config.DEMO_DATA) await server.register(sandboxRoutes, { chains: opts.chains, demoDoor: opts.demoDoor });

  return server;
}
