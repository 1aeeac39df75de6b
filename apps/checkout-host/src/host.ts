// The hosted checkout as one object (ADR 020, 048): its service, its page's server on its own origin
// (CHECKOUT_PORT, default PORT+2; 0 = random), its API on a second port when CHECKOUT_API_PORT asks, its
// merchant webhooks and its background jobs (the webhook outbox, reconciliation of chain payments, card
// challenges and bank debits left pending, session expiry). Whoever runs it hands it what it does not own:
// the database handle, the card and bank processors, the card vault's frame contract, the attempt
// counters, the fraud provider, and the store's proxy and demo-door policies. The store's app does
// (apps/server plugins/checkout-host.ts); the host imports nothing of the store's.
import type { AttemptCounters, CardTokenState, PaymentProvider } from '@store/server-kit';
import type { FastifyBaseLogger, FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { AddressInfo } from 'node:net';
import { createCheckoutApiServer } from './api-server.ts';
import { createChainRegistry, type ChainRegistry } from './chains/index.ts';
import type { CheckoutHostConfig } from './config.ts';
import type { Db } from './db.ts';
import type { FraudProvider } from './fraud/index.ts';
import { readPageScript } from './page/script.ts';
import { loadHostSecret, type MerchantCredentials } from './secret.ts';
import type { ProxyTrust } from './server-basics.ts';
import { createCheckoutHostServer } from './server.ts';
import { createCheckoutHostService, type CheckoutHostService, type MerchantSpec } from './service.ts';
import type { TokenizerConfigRoutesOptions } from './tokenizer/routes.ts';
import { createWebhookDelivery } from './webhooks.ts';

export interface CheckoutHostDeps {
  config: CheckoutHostConfig;
  db: Db;
  log: FastifyBaseLogger;
  /** The card processor sessions are charged through (read per payment: it may be registered later). */
  cardProvider: () => PaymentProvider | undefined;
  /** The bank-account (ACH) processor, read per payment; without one the page offers no ACH. */
  bankProvider?: () => PaymentProvider | undefined;
  /** The card vault: its frames' origin, the frame configurations and sessions it signs, a card token's state (ADR 032). */
  vault: TokenizerConfigRoutesOptions['vault'] & { cardTokenState(token: string): Promise<CardTokenState> };
  /** Where card attempts are counted (Redis or memory), so every instance counts together (ADR 031). */
  counters: AttemptCounters;
  /** The fraud check asked before every payment (ADR 045); null: none. */
  fraudProvider: FraudProvider | null;
  /** Absolute base for a processor's relative 3-D Secure page URL (the store's origin). */
  providerPageBase: string;
  /** Where the page may POST a 3-D Secure creq: the processor's pages (its sandbox's origins, or any https issuer). */
  providerPageOrigins: string[];
  trustProxy: ProxyTrust;
  /** Guards the demo-only sandbox routes (served when config.DEMO_DATA). */
  demoDoor: onRequestAsyncHookHandler;
  /** For tests: a registry of their own (default: from config.CHAIN_OPTIONS). */
  chains?: ChainRegistry;
  transferWaitMs?: number;
}

export interface CheckoutHost {
  /** The host's public origin ('' until it listens with a random port and no CHECKOUT_PUBLIC_URL). */
  origin(): string;
  /** http://localhost:<port> of the API's own port (CHECKOUT_API_PORT), once it listens; '' without one. */
  apiOrigin(): string;
  /** Registers or updates a merchant; its credentials are derived from the host's secret (the same each time). */
  ensureMerchant(spec: MerchantSpec): Promise<MerchantCredentials>;
  chains: ChainRegistry;
  service: CheckoutHostService;
  /** Delivers the due webhook events now (tests; the background job does it otherwise). */
  deliverWebhooks(): Promise<void>;
  /** Reconciles pending chain payments and card challenges, expires old sessions (tests; a background job otherwise). */
  reconcile(): Promise<void>;
  /** The host's background work, for its runner to call now and then. */
  jobs: { name: string; run: () => Promise<void> }[];
  /** Starts its servers (the page's, and the API's own port when configured). */
  listen(): Promise<void>;
  close(): Promise<void>;
}

/** Builds the host; nothing listens before listen(). The page script must have been built (page/script.ts). */
export async function createCheckoutHost(deps: CheckoutHostDeps): Promise<CheckoutHost> {
  const { config, log } = deps;
  // The page script `npm run build` wrote, read once.
  const pageScript = readPageScript(config.CHECKOUT_PAGE_SCRIPT);
  const secret = loadHostSecret({ secret: config.CHECKOUT_SECRET, dataDir: config.DATA_DIR, nodeEnv: config.NODE_ENV });
  const chains = deps.chains ?? createChainRegistry(config.CHAIN_OPTIONS);
  let origin = config.CHECKOUT_PUBLIC_URL ? new URL(config.CHECKOUT_PUBLIC_URL).origin : '';
  let apiOrigin = '';
  const webhooks = createWebhookDelivery({ db: deps.db, log, secret });
  const deliverSoon = () => {
    webhooks.deliverDue().catch((err: unknown) => log.warn({ err }, 'checkout webhook delivery pass failed'));
  };
  const service = createCheckoutHostService({
    db: deps.db,
    log,
    secret,
    chains,
    cardProvider: deps.cardProvider,
    bankProvider: deps.bankProvider,
    cardTokens: deps.vault,
    providerPageBase: deps.providerPageBase,
    hostOrigin: () => origin,
    onEvent: deliverSoon,
    transferWaitMs: deps.transferWaitMs,
    counters: deps.counters,
    cardLimits: config,
    fraudProvider: deps.fraudProvider,
    fraudCheck: { timeoutMs: config.CHECKOUT_FRAUD_TIMEOUT_MS, onFailure: config.CHECKOUT_FRAUD_ON_FAILURE },
  });

  const port = typeof config.CHECKOUT_PORT === 'number' ? config.CHECKOUT_PORT : config.PORT === 0 ? 0 : config.PORT + 2;
  const server = await createCheckoutHostServer({
    db: deps.db,
    config,
    service,
    secret,
    chains,
    hostOrigin: () => origin,
    vault: deps.vault,
    providerPageOrigins: deps.providerPageOrigins,
    pageScript,
    trustProxy: deps.trustProxy,
    demoDoor: deps.demoDoor,
  });
  // The API on a port of its own too, where the published SDK's environments look for it (CHECKOUT_API_PORT).
  const apiServer: FastifyInstance | null =
    config.CHECKOUT_API_PORT === undefined ? null : await createCheckoutApiServer({ trustProxy: deps.trustProxy, service, secret, log });

  return {
    origin: () => origin,
    apiOrigin: () => apiOrigin,
    ensureMerchant: (spec) => service.ensureMerchant(spec),
    chains,
    service,
    deliverWebhooks: () => webhooks.deliverDue(),
    reconcile: () => service.reconcile(),
    jobs: [
      { name: 'checkout-host.reconcile', run: () => service.reconcile() },
      { name: 'checkout-host.webhooks', run: () => webhooks.deliverDue() },
    ],
    async listen() {
      await server.listen({ port, host: config.HOST });
      const actual = (server.server.address() as AddressInfo).port;
      if (!config.CHECKOUT_PUBLIC_URL) origin = `http://localhost:${actual}`;
      log.info({ checkoutOrigin: origin }, 'hosted checkout listening');
      if (apiServer) {
        await apiServer.listen({ port: config.CHECKOUT_API_PORT, host: config.HOST });
        apiOrigin = `http://localhost:${(apiServer.server.address() as AddressInfo).port}`;
        log.info({ checkoutApiOrigin: apiOrigin }, 'hosted checkout API listening');
      }
    },
    async close() {
      await apiServer?.close();
      await server.close();
      await chains.close();
    },
  };
}
