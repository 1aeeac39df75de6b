import fp from 'fastify-plugin';
import { sandboxesServe } from '../../config-rules.ts';
import vaultPlugin from '../vault/plugin.ts';
import { hasNuveiCredentials, registerNuvei } from './nuvei/plugin.ts';
import { createPaymentProviders, type PaymentProviders } from './registry.ts';
import { registerStripe } from './stripe/plugin.ts';
import type { StripeGateway } from './stripe/gateway.ts';
import { registerSquare, type SquareGateway } from './square/plugin.ts';
import { registerCoinflow, type CoinflowGateway } from './coinflow/plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The registry of payment providers (ADR 009): the Nuvei family (cards, the cashier, bank accounts),
     * Stripe (cards, Cash App) and Square, each the real client when configured, else its built-in sandbox.
     */
    paymentProviders: PaymentProviders;
    /** Stripe cards and Cash App (ADR 012): Stripe with STRIPE_SECRET_KEY, else its sandbox; null when neither serves. */
    stripeGateway: StripeGateway | null;
    /** Square cards (ADR 013): Square with SQUARE_ACCESS_TOKEN, else its sandbox; null when neither serves. */
    squareGateway: SquareGateway | null;
    /**
     * The embedded checkout (ADR 020): the store as a merchant of the hosted checkout, CHECKOUT_API_URL's or
     * the in-process one (app.checkoutHost); registered in the registry only when one of them serves.
     */
    coinflowGateway: CoinflowGateway;
  }
}

/**
 * Payment providers: the card vault (its own port) and the registry with every provider. The Nuvei
 * family is the real client when PAYMENTS_PROVIDER=nuvei, or when it is unset and the NUVEI_*
 * credentials are (its card calls go through the vault's relay, ADR 010); otherwise its sandboxes.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const kind = config.PAYMENTS_PROVIDER ?? (hasNuveiCredentials(config) ? 'nuvei' : 'sandbox');
    // A sandbox that may serve needs its tables (ADR 042): a database opened without their schema is a mistake of the caller's.
    if (sandboxesServe(config) && !app.database.sandboxSchema) {
      throw new Error(
        'The payment sandboxes may serve, but the database was opened without their schema (openDatabase({ sandbox: true })).',
      );
    }
    // The vault relays card data to the configured real providers only (ADR 010).
    await app.register(vaultPlugin, { relayDestinations: kind === 'nuvei' ? [config.NUVEI_BASE_URL] : [] });
    const providers = createPaymentProviders();
    app.decorate('paymentProviders', providers);
    // Stripe is its own account, whichever card provider is configured (ADR 012).
    app.decorate('stripeGateway', await registerStripe(app));
    // So is Square (ADR 013).
    app.decorate('squareGateway', await registerSquare(app));
    await registerNuvei(app, kind);
    // The embedded checkout: a merchant of CHECKOUT_API_URL's host, or of app.checkoutHost once the app is ready.
    app.decorate('coinflowGateway', registerCoinflow(app));
  },
  { name: 'payments-provider', dependencies: ['db'] },
);
