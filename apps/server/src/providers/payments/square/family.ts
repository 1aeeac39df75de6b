// The Square family (ADR 013, 044): Square cards. Its one registration: Square with
// SQUARE_ACCESS_TOKEN, else its sandbox (square/plugin.ts); its routes; the Web Payments SDK's origins.
import type { PaymentFamily } from '../core-port.ts';
import { SQUARE_CSP_ORIGINS } from './names.ts';
import { registerSquare, type SquareGateway } from './plugin.ts';
import squareRoutes from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Square cards (ADR 013): Square with SQUARE_ACCESS_TOKEN, else its sandbox; null when neither serves. */
    squareGateway: SquareGateway | null;
  }
}

export const squareFamily: PaymentFamily = {
  name: 'square',
  async register(app) {
    app.decorate('squareGateway', await registerSquare(app));
  },
  routes: squareRoutes,
  // Square's Web Payments SDK, only with a real access token, for its environment (the origins and where
  // they come from: names.ts); the sandbox uses the vault's frames.
  pageOrigins: (config) => {
    if (!config.SQUARE_ACCESS_TOKEN) return {};
    const origins = SQUARE_CSP_ORIGINS[config.SQUARE_ENVIRONMENT];
    return { script: [...origins.script], frame: [...origins.frame], connect: [...origins.connect] };
  },
};
