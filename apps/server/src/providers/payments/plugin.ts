import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import vaultPlugin from '../vault/plugin.ts';
import { createNuveiClient } from './nuvei/client.ts';
import { createSandboxGateway } from './nuvei/sandbox/gateway.ts';
import sandboxChallengeRoutes from './nuvei/sandbox/challenge-routes.ts';
import { createPaymentProviders, type PaymentProviders } from './registry.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The registry of payment providers (ADR 009). Today one: the card provider (cards and saved
     * cards), the real Nuvei client when configured, else the built-in sandbox.
     */
    paymentProviders: PaymentProviders;
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
      return;
    }
    // Without a configured secret the sandbox signs with a per-process one: it only talks to itself.
    const webhookSecret = config.PAYMENTS_WEBHOOK_SECRET ?? randomBytes(32).toString('hex');
    const gateway = createSandboxGateway({ db: app.db, vault: app.vault, browserBase: config.BROWSER_BASE, webhookSecret });
    providers.register(gateway);
    await app.register(sandboxChallengeRoutes, { gateway });
  },
  { name: 'payments-provider', dependencies: ['db'] },
);
