// The Coinflow family (ADR 020, 041, 044): the embedded checkout, a merchant of CHECKOUT_API_URL's host,
// of the in-process one (app.checkoutHost), or of Coinflow's own merchant API (COINFLOW_MODE=coinflow).
// Its one registration (coinflow/plugin.ts), its routes, and Coinflow's page as a frame of ours.
import type { PaymentFamily } from '../core-port.ts';
import { COINFLOW_HOSTS } from './names.ts';
import { registerCoinflow, type CoinflowGateway } from './plugin.ts';
import coinflowRoutes from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The embedded checkout (ADR 020): the store as a merchant of the hosted checkout, CHECKOUT_API_URL's or
     * the in-process one (app.checkoutHost); registered in the registry only when one of them serves.
     */
    coinflowGateway: CoinflowGateway;
  }
}

export const coinflowFamily: PaymentFamily = {
  name: 'coinflow',
  async register(app) {
    app.decorate('coinflowGateway', registerCoinflow(app));
  },
  routes: coinflowRoutes,
  // Coinflow's purchase page (COINFLOW_MODE=coinflow, ADR 041): framed only; the store's page calls no Coinflow API.
  pageOrigins: (config) =>
    config.COINFLOW_MODE === 'coinflow'
      ? { frame: [new URL(config.COINFLOW_CHECKOUT_URL ?? COINFLOW_HOSTS[config.COINFLOW_ENV].page).origin] }
      : {},
};
