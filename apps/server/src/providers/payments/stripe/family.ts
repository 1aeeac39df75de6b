// The Stripe family (ADR 012, 044): Stripe cards and Cash App Pay. Its one registration: Stripe with
// STRIPE_SECRET_KEY, else its sandbox (stripe/plugin.ts); its routes; Stripe.js's origins for the page.
import type { PaymentFamily } from '../core-port.ts';
import type { StripeGateway } from './gateway.ts';
import { registerStripe } from './plugin.ts';
import stripeRoutes from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stripe cards and Cash App (ADR 012): Stripe with STRIPE_SECRET_KEY, else its sandbox; null when neither serves. */
    stripeGateway: StripeGateway | null;
  }
}

export const stripeFamily: PaymentFamily = {
  name: 'stripe',
  async register(app) {
    // Stripe is its own account, whichever card provider is configured (ADR 012).
    app.decorate('stripeGateway', await registerStripe(app));
  },
  routes: stripeRoutes,
  // Stripe.js and its card element, only with real Stripe keys; the sandbox uses the vault's frames. Stripe's
  // 3-D Secure authentication opens in the pay page's dialog (issue 24) and ends on the store's return route
  // there: hooks.stripe.com with real keys, the sandbox's page under /sandbox/stripe/3ds/ without.
  pageOrigins: (config) => {
    const returns = config.STORE_ORIGINS.map((origin) => `${origin}/api/v1/payment/stripe/return`);
    return config.STRIPE_SECRET_KEY
      ? {
          script: ['https://js.stripe.com'],
          frame: ['https://js.stripe.com', 'https://hooks.stripe.com', ...returns],
          connect: ['https://api.stripe.com'],
        }
      : { frame: [...config.STORE_ORIGINS.map((origin) => `${origin}/sandbox/stripe/3ds/`), ...returns] };
  },
};
