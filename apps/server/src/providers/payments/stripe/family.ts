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
  // Stripe.js and its card element, only with real Stripe keys; the sandbox uses the vault's frames.
  pageOrigins: (config) =>
    config.STRIPE_SECRET_KEY
      ? {
          script: ['https://js.stripe.com'],
          frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
          connect: ['https://api.stripe.com'],
        }
      : {},
};
