// `app.checkoutHost` (issue 11 contract, ADR 020): the hosted checkout in this process, on its own origin
// (CHECKOUT_PORT, default PORT+2; 0 = random; 'off' = not started), like the card vault, and its API on a
// second port when CHECKOUT_API_PORT asks. Its background work
// (the merchant webhook's outbox, reconciliation of chain payments, card challenges and bank debits left pending, session
// expiry) runs as jobs of the app's background runner; webhook events are also delivered at once when made.
import fp from 'fastify-plugin';
import type { AddressInfo } from 'node:net';
import { sandboxesServe } from '../../config-rules.ts';
import { createChainRegistry, type ChainRegistry } from '../chains/index.ts';
import { fraudProviderFor } from '../fraud/index.ts';
import type { PaymentProvider } from '../payments/types.ts';
import { createCheckoutApiServer } from './api-server.ts';
import { readPageScript } from './page/script.ts';
import { loadHostSecret, type MerchantCredentials } from './secret.ts';
import { createCheckoutHostServer } from './server.ts';
import { createCheckoutHostService, type CheckoutHostService, type MerchantSpec } from './service.ts';
import { createWebhookDelivery } from './webhooks.ts';

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
}

declare module 'fastify' {
  interface FastifyInstance {
    checkoutHost: CheckoutHost;
  }
}

export interface CheckoutHostPluginOptions {
  /** The card payment provider sessions are charged through (read per payment). */
  cardProvider: () => PaymentProvider | undefined;
  /** The store's bank-account (ACH) provider (read per payment); without one the page offers no ACH. */
  bankProvider?: () => PaymentProvider | undefined;
  /** For tests: a registry of their own (default: from config.CHAIN_OPTIONS). */
  chains?: ChainRegistry;
  transferWaitMs?: number;
}

export default fp<CheckoutHostPluginOptions>(
  async (app, opts) => {
    const { config } = app;
    if (config.CHECKOUT_PORT === 'off') return;
    // The page script `npm run build` wrote, read once; without it the start stops naming the command (ConfigError).
    const pageScript = readPageScript(config.CHECKOUT_PAGE_SCRIPT);
    const secret = loadHostSecret({ secret: config.CHECKOUT_SECRET, dataDir: config.DATA_DIR, nodeEnv: config.NODE_ENV });
    const chains = opts.chains ?? createChainRegistry(config.CHAIN_OPTIONS);
    let origin = config.CHECKOUT_PUBLIC_URL ? new URL(config.CHECKOUT_PUBLIC_URL).origin : '';
    const webhooks = createWebhookDelivery({ db: app.db, log: app.log, secret });
    const deliverSoon = () => {
      webhooks.deliverDue().catch((err: unknown) => app.log.warn({ err }, 'checkout webhook delivery pass failed'));
    };
    const providerPageBase = config.BROWSER_BASE || config.STORE_ORIGINS[0]!;
    // As the payments plugin picks it: Nuvei itself when asked for, or when unset and its credentials are set.
    const realCardProvider =
      config.PAYMENTS_PROVIDER === 'nuvei' ||
      (!config.PAYMENTS_PROVIDER && !!(config.NUVEI_MERCHANT_ID && config.NUVEI_MERCHANT_SITE_ID && config.NUVEI_SECRET_KEY));
    const service = createCheckoutHostService({
      db: app.db,
      log: app.log,
      secret,
      chains,
      cardProvider: opts.cardProvider,
      bankProvider: opts.bankProvider,
      cardTokens: app.vault,
      providerPageBase,
      hostOrigin: () => origin,
      onEvent: deliverSoon,
      transferWaitMs: opts.transferWaitMs,
      // The app's counters; a host on its own would bring its own (memory or its Redis).
      counters: app.attemptCounters,
      cardLimits: config,
      // The fraud sandbox wherever the payment sandboxes serve (ADR 045).
      fraudProvider: fraudProviderFor({ sandboxesServe: sandboxesServe(config) }),
      fraudCheck: { timeoutMs: config.CHECKOUT_FRAUD_TIMEOUT_MS, onFailure: config.CHECKOUT_FRAUD_ON_FAILURE },
    });
    let apiOrigin = '';
    app.decorate('checkoutHost', {
      origin: () => origin,
      apiOrigin: () => apiOrigin,
      ensureMerchant: (spec) => service.ensureMerchant(spec),
      chains,
      service,
      deliverWebhooks: () => webhooks.deliverDue(),
      reconcile: () => service.reconcile(),
    } satisfies CheckoutHost);

    app.outbox.add({
      jobs: [
        { name: 'checkout-host.reconcile', run: () => service.reconcile() },
        { name: 'checkout-host.webhooks', run: () => webhooks.deliverDue() },
      ],
    });

    const port = config.CHECKOUT_PORT ?? (config.PORT === 0 ? 0 : config.PORT + 2);
    const server = await createCheckoutHostServer({
      db: app.db,
      config,
      service,
      secret,
      chains,
      hostOrigin: () => origin,
      vault: app.vault,
      providerPageOrigins: [
        ...new Set([new URL(providerPageBase).origin, ...config.STORE_ORIGINS]),
        // A real card provider's 3-D Secure pages are the card issuers' (any https origin): the page POSTs creq there.
        ...(realCardProvider ? ['https:'] : []),
      ],
      pageScript,
    });
    // The API on a port of its own too, where the published SDK's environments look for it (CHECKOUT_API_PORT).
    const apiServer =
      config.CHECKOUT_API_PORT === undefined ? null : await createCheckoutApiServer({ config, service, secret, log: app.log });
    app.addHook('onReady', async () => {
      await server.listen({ port, host: config.HOST });
      const actual = (server.server.address() as AddressInfo).port;
      if (!config.CHECKOUT_PUBLIC_URL) origin = `http://localhost:${actual}`;
      app.log.info({ checkoutOrigin: origin }, 'hosted checkout listening');
      if (apiServer) {
        await apiServer.listen({ port: config.CHECKOUT_API_PORT, host: config.HOST });
        apiOrigin = `http://localhost:${(apiServer.server.address() as AddressInfo).port}`;
        app.log.info({ checkoutApiOrigin: apiOrigin }, 'hosted checkout API listening');
      }
    });
    app.addHook('onClose', async () => {
      await apiServer?.close();
      await server.close();
      await chains.close();
    });
  },
  { name: 'checkout-host', dependencies: ['db', 'background', 'payments-provider', 'attempt-counters'] },
);
