// What every Fastify app of this workspace starts as (the store's, app.ts; the hosted checkout alone,
// checkout-host-app.ts): our logger settings, the body limit, the proxy policy, zod route schemas, the
// configuration as `app.config`, the error envelope, and the input guard before any route is added.
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { loggerOptions } from './lib/log-safety.ts';
import { proxyTrustFor } from './lib/proxy-trust.ts';
import errorsPlugin, { frameworkErrorHandler } from './plugins/errors.ts';
import inputGuardPlugin from './plugins/input-guard.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

/** `logger`: pino options on top of ours (level, stream, …); false for none (tests). */
export async function createBaseApp(config: Config, logger: boolean | object | undefined) {
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, logger),
    bodyLimit: 64 * 1024,
    // Off unless TRUST_PROXY says which proxies may name the visitor: a spoofed X-Forwarded-For must not
    // choose the address rate limits count by.
    // The same function object decides whose country header counts (plugins/country.ts).
    trustProxy: proxyTrustFor(config),
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  await app.register(errorsPlugin);
  // Before any route is added: its onRoute hook closes the undeclared query and body of /api routes.
  await app.register(inputGuardPlugin);
  return app;
}
