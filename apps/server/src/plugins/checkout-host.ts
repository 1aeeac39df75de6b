// `app.checkoutHost` (issue 11 contract, ADR 020, 048): the hosted checkout (apps/checkout-host, an app of its
// own) run in this process on its own origin, like the card vault. The store hands it what the host does not
// own: the database (its tables in their own schema, ADR 047), the store's card and bank processors, the card
// vault, the attempt counters, the fraud sandbox where the payment sandboxes serve, and the store's proxy and
// demo-door policies. Its background jobs run in the app's runner; it listens when the app is ready.
import { createCheckoutHost, fraudProviderFor, pageScriptMissing, type ChainRegistry, type CheckoutHost } from '@store/checkout-host';
import type { PaymentProvider } from '@store/server-kit';
import fp from 'fastify-plugin';
import { ConfigError, sandboxesServe } from '../config-rules.ts';
import { proxyTrustFor } from '../lib/proxy-trust.ts';
import { sameMachineOnly } from './demo-doors.ts';

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
    // Without the page script `npm run build` writes, the start stops in one line naming the command.
    const missing = pageScriptMissing(config.CHECKOUT_PAGE_SCRIPT);
    if (missing) throw new ConfigError(missing);
    const providerPageBase = config.BROWSER_BASE || config.STORE_ORIGINS[0]!;
    // As the payments plugin picks it: Nuvei itself when asked for, or when unset and its credentials are set.
    const realCardProvider =
      config.PAYMENTS_PROVIDER === 'nuvei' ||
      (!config.PAYMENTS_PROVIDER && !!(config.NUVEI_MERCHANT_ID && config.NUVEI_MERCHANT_SITE_ID && config.NUVEI_SECRET_KEY));
    const host = await createCheckoutHost({
      config,
      db: app.db,
      log: app.log,
      cardProvider: opts.cardProvider,
      bankProvider: opts.bankProvider,
      vault: app.vault,
      // The app's counters; a host on its own would bring its own (memory or its Redis).
      counters: app.attemptCounters,
      // The fraud sandbox wherever the payment sandboxes serve (ADR 045).
      fraudProvider: fraudProviderFor({ sandboxesServe: sandboxesServe(config) }),
      providerPageBase,
      providerPageOrigins: [
        ...new Set([new URL(providerPageBase).origin, ...config.STORE_ORIGINS]),
        // A real card provider's 3-D Secure pages are the card issuers' (any https origin): the page POSTs creq there.
        ...(realCardProvider ? ['https:'] : []),
      ],
      trustProxy: proxyTrustFor(config),
      demoDoor: sameMachineOnly(config),
      chains: opts.chains,
      transferWaitMs: opts.transferWaitMs,
    });
    app.decorate('checkoutHost', host);
    app.outbox.add({ jobs: host.jobs });
    app.addHook('onReady', () => host.listen());
    app.addHook('onClose', () => host.close());
  },
  { name: 'checkout-host', dependencies: ['db', 'background', 'payments-provider', 'attempt-counters'] },
);
