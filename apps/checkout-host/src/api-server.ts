// The host's API on a port of its own (CHECKOUT_API_PORT), where the published @coinflowlabs/react SDK looks
// for it apart from the page (its `local` environment: page http://localhost:3000, API http://localhost:5000):
// the merchant API with GET /merchant/view/:merchantId (CORS for the merchant's origins), and the SDK's
// error reports. The page's own API stays on the page's origin.
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { merchantApiRoutes } from './merchant-api.ts';
import { applyHostBasics, type ProxyTrust } from './server-basics.ts';
import type { CheckoutHostService } from './service.ts';
import { telemetryRoutes } from './telemetry-routes.ts';

export interface CheckoutApiServerOptions {
  /** As the page's server (server.ts): the store's TRUST_PROXY, compiled. */
  trustProxy: ProxyTrust;
  service: CheckoutHostService;
  secret: Buffer;
  log: FastifyBaseLogger;
}

export async function createCheckoutApiServer(opts: CheckoutApiServerOptions): Promise<FastifyInstance> {
  const server = Fastify({ logger: false, bodyLimit: 16 * 1024, trustProxy: opts.trustProxy });
  applyHostBasics(server);
  await server.register(merchantApiRoutes, { service: opts.service, secret: opts.secret });
  await server.register(telemetryRoutes, { log: opts.log });
  return server;
}
