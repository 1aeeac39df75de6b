import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import vaultPlugin from '../vault/plugin.ts';
import { createNuveiClient } from './nuvei/client.ts';
import { createSandboxGateway } from './nuvei/sandbox/gateway.ts';
import sandboxChallengeRoutes from './nuvei/sandbox/challenge-routes.ts';
import { createNuveiCashierClient } from './nuvei/cashier/client.ts';
import { createCashierSandbox } from './nuvei/cashier/sandbox/gateway.ts';
import cashierPageRoutes from './nuvei/cashier/sandbox/page-routes.ts';
import { createNuveiAchClient } from './nuvei/ach/client.ts';
import achSandboxControls from './nuvei/ach/sandbox/control-routes.ts';
import { startSettlementClock } from './nuvei/ach/sandbox/delivery.ts';
import { createAchSandbox } from './nuvei/ach/sandbox/gateway.ts';
import { createPaymentProviders, type PaymentProviders } from './registry.ts';
import { registerStripe } from './stripe/plugin.ts';
import type { StripeGateway } from './stripe/gateway.ts';
import { registerSquare, type SquareGateway } from './square/plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The registry of payment providers (ADR 009). Today one: the card provider (cards and saved
     * cards), the real Nuvei client when configured, else the built-in sandbox.
     */
    paymentProviders: PaymentProviders;
    /** Stripe cards and Cash App (ADR 012): Stripe with STRIPE_SECRET_KEY, else its sandbox; null when neither serves. */
    stripeGateway: StripeGateway | null;
    /** Square cards (ADR 013): Square with SQUARE_ACCESS_TOKEN, else its sandbox; null when neither serves. */
    squareGateway: SquareGateway | null;
  }
}

/**
 * Payment providers: the card vault (its own port) and the registry. The card provider is Nuvei when
 * PAYMENTS_PROVIDER=nuvei, or when it is unset and the NUVEI_* credentials are (its card calls go
 * through the vault's relay, ADR 010); otherwise the sandbox, which reads cards from the vault
 * in-process and also serves its 3-D Secure challenge page at /sandbox/3ds/:transactionId.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const hasNuvei = !!(config.NUVEI_MERCHANT_ID && config.NUVEI_MERCHANT_SITE_ID && config.NUVEI_SECRET_KEY);
    const kind = config.PAYMENTS_PROVIDER ?? (hasNuvei ? 'nuvei' : 'sandbox');
    // The vault relays card data to the configured real providers only (ADR 010).
    await app.register(vaultPlugin, { relayDestinations: kind === 'nuvei' ? [config.NUVEI_BASE_URL] : [] });
    const providers = createPaymentProviders();
    app.decorate('paymentProviders', providers);
    // Stripe is its own account, whichever card provider is configured (ADR 012).
    app.decorate('stripeGateway', await registerStripe(app));
    // So is Square (ADR 013).
    app.decorate('squareGateway', await registerSquare(app));
    if (kind === 'nuvei') {
      if (!hasNuvei) throw new Error('PAYMENTS_PROVIDER=nuvei needs NUVEI_MERCHANT_ID, NUVEI_MERCHANT_SITE_ID and NUVEI_SECRET_KEY');
      const { vault } = app;
      providers.register(
        createNuveiClient({
          baseUrl: config.NUVEI_BASE_URL,
          merchantId: config.NUVEI_MERCHANT_ID!,
          merchantSiteId: config.NUVEI_MERCHANT_SITE_ID!,
          secretKey: config.NUVEI_SECRET_KEY!,
          notificationUrl: `${config.PUBLIC_URL.replace(/\/+$/, '')}/api/v1/nuvei/notify`,
          relay: (request) => vault.relay(request),
        }),
      );
      // The cashier (Nuvei's hosted Payment Page, ADR 014): the same merchant account, its own provider.
      providers.register(
        createNuveiCashierClient({
          baseUrl: config.NUVEI_BASE_URL,
          pageUrl: config.NUVEI_CASHIER_URL,
          merchantId: config.NUVEI_MERCHANT_ID!,
          merchantSiteId: config.NUVEI_MERCHANT_SITE_ID!,
          secretKey: config.NUVEI_SECRET_KEY!,
          notificationUrl: `${config.PUBLIC_URL.replace(/\/+$/, '')}/api/v1/nuvei/notify`,
          storeUrl: config.PUBLIC_URL,
        }),
      );
      // Bank account payments (ACH) through the same merchant account, its own provider (ADR 011).
      providers.register(
        createNuveiAchClient({
          baseUrl: config.NUVEI_BASE_URL,
          merchantId: config.NUVEI_MERCHANT_ID!,
          merchantSiteId: config.NUVEI_MERCHANT_SITE_ID!,
          secretKey: config.NUVEI_SECRET_KEY!,
          notificationUrl: `${config.PUBLIC_URL.replace(/\/+$/, '')}/api/v1/nuvei/notify`,
        }),
      );
      return;
    }
    // Without a configured secret the sandbox signs with a per-process one: it only talks to itself.
    const webhookSecret = config.PAYMENTS_WEBHOOK_SECRET ?? randomBytes(32).toString('hex');
    const gateway = createSandboxGateway({ db: app.db, vault: app.vault, browserBase: config.BROWSER_BASE, webhookSecret });
    providers.register(gateway);
    await app.register(sandboxChallengeRoutes, { gateway });
    // The ACH sandbox (ADR 011): its debits settle on its clock, or at once through its controls.
    const ach = createAchSandbox({ db: app.db, webhookSecret, settleMs: config.ACH_SANDBOX_SETTLE_MS });
    providers.register(ach);
    await app.register(achSandboxControls, { sandbox: ach });
    startSettlementClock(app, ach, Math.min(config.ACH_SANDBOX_SETTLE_MS, 1000));
    // The cashier sandbox and its hosted page at /sandbox/cashier/:pageId (ADR 014).
    const cashier = createCashierSandbox({
      db: app.db,
      vault: app.vault,
      browserBase: config.BROWSER_BASE,
      webhookSecret,
      notifyUrl: `${config.PUBLIC_URL.replace(/\/+$/, '')}/api/v1/nuvei/notify`,
    });
    providers.register(cashier);
    await app.register(cashierPageRoutes, { cashier });
  },
  { name: 'payments-provider', dependencies: ['db'] },
);
