import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import dbPlugin from './plugins/db.ts';
import errorsPlugin, { frameworkErrorHandler } from './plugins/errors.ts';
import inputGuardPlugin from './plugins/input-guard.ts';
import { logSerializers } from './lib/log-safety.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import attemptCountersPlugin from './plugins/attempt-counters.ts';
import authPlugin from './plugins/auth.ts';
import livePlugin from './plugins/live.ts';
import outboxPlugin from './plugins/outbox.ts';
import mailPlugin from './providers/mail/plugin.ts';
import authRoutes from './modules/auth/routes.ts';
import userRoutes from './modules/user/routes.ts';
import catalogRoutes from './modules/catalog/routes.ts';
import catalogAssets from './modules/catalog/assets.ts';
import promotionRoutes from './modules/promotions/routes.ts';
import settingsRoutes from './modules/settings/routes.ts';
import mailboxRoutes from './modules/mailbox/routes.ts';
import paymentsProviderPlugin from './providers/payments/plugin.ts';
import paymentRoutes from './modules/payments/routes.ts';
import checkoutRoutes from './modules/checkout/routes.ts';
import cartRoutes from './modules/cart/routes.ts';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Pino logger options (level, stream, ...) on top of ours; tests pass false. */
  logger?: boolean | object;
}

/**
 * Our logger settings stay in force whatever a caller passes: the session header is redacted, request
 * URLs lose their tokens, errors lose their query parameters (lib/log-safety.ts).
 */
function loggerOptions(config: Config, logger: BuildAppOptions['logger']) {
  if (logger === false) return false;
  return {
    level: config.LOG_LEVEL,
    ...(typeof logger === 'object' ? logger : {}),
    redact: ['req.headers["x-auth-token"]', 'req.headers.authorization'],
    serializers: logSerializers,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

/**
 * The page's CSP names exact origins: frames only from the card vault (the embedded checkout's origin
 * joins it when it exists), connections only to the store itself and its own live-connection origin.
 */
function pageDirectives(app: FastifyInstance) {
  const storeOrigin = new URL(app.config.PUBLIC_URL).origin;
  const liveOrigin = storeOrigin.replace(/^http/, 'ws');
  return {
    defaultSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    connectSrc: ["'self'", liveOrigin],
    // Read per response: with VAULT_PORT=0 the vault's port is known only once it listens.
    frameSrc: [() => app.vault.origin() || "'none'"],
    upgradeInsecureRequests: null,
  };
}

/** Builds the app: external plugins, then our plugins, then routes (fastify/demo's order). */
export async function buildApp({ config, database, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, logger),
    bodyLimit: 64 * 1024,
    // Off unless TRUST_PROXY says which proxies may name the visitor: a spoofed X-Forwarded-For must not
    // choose the address rate limits count by.
    trustProxy: config.TRUST_PROXY,
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  await app.register(errorsPlugin);
  // Before any route is added: its onRoute hook closes the undeclared query and body of /api routes.
  await app.register(inputGuardPlugin);
  await app.register(helmet, { contentSecurityPolicy: { directives: pageDirectives(app) } });
  await app.register(swagger, {
    openapi: { info: { title: 'Storefront API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(dbPlugin, { database });
  await app.register(rateLimitPlugin);
  await app.register(attemptCountersPlugin);
  await app.register(mailPlugin);
  await app.register(authPlugin);
  await app.register(livePlugin);
  await app.register(paymentsProviderPlugin);
  await app.register(outboxPlugin);

  // Trivial route: the baseline the benchmarks compare against.
  app.get('/api/ping', async () => ({ success: true, data: 'pong' }));

  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(catalogRoutes);
      await api.register(promotionRoutes);
      await api.register(settingsRoutes);
      await api.register(paymentRoutes);
      await api.register(checkoutRoutes);
      await api.register(cartRoutes);
    },
    { prefix: '/api' },
  );
  // A demo door: mounted only when mail is kept in the local mailbox (demo mode, config-rules.ts).
  if (config.MAIL_TRANSPORT === 'mailbox') await app.register(mailboxRoutes);
  await app.register(catalogAssets);

  registerSpa(app, config.WEB_DIST);
  return app;
}

/** Serves the built web app; any non-API path falls back to index.html for client routing. */
function registerSpa(app: FastifyInstance, webDist: string) {
  const hasBuild = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasBuild) {
    app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url.startsWith('/api/') || url === '/api' || url.startsWith('/socket.io');
    if (isApi || request.method !== 'GET') {
      return reply.status(404).send({ success: false, message: `No route ${request.method} ${url.split('?')[0]}`, code: 'NOT_FOUND' });
    }
    if (!hasBuild) {
      return reply.status(404).type('text/plain').send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    return reply.type('text/html').sendFile('index.html');
  });
}
