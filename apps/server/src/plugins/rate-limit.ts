import fp from 'fastify-plugin';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, preValidationHookHandler, RouteOptions } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import { needsSession } from './auth.ts';

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

export const PUBLIC_RATE_LIMITED_MESSAGE = 'Too many requests from your address. Please wait a minute and try again.';

/** The window of the per-address limit on routes that take a body without a session. */
export const PUBLIC_RATE_LIMIT_WINDOW_MS = 60_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Also count this route's attempts per IP across every e-mail address (AUTH_IP_RATE_LIMIT_MAX). */
    limitPerIpAcrossEmails?: boolean;
    /**
     * Requests per address and minute this route takes without a session, when not PUBLIC_RATE_LIMIT_MAX
     * (a payment provider sends every notification from a few addresses).
     */
    publicRateLimitMax?: number;
  }
}

const rateLimited = () => new AppError(429, 'RATE_LIMITED', RATE_LIMITED_MESSAGE);
const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Counters live in Redis when REDIS_URL is set, so every instance behind the load balancer shares
 * them; otherwise in memory. Nothing is limited globally: routes opt in through their `config`.
 */
export default fp(
  async (app) => {
    let redis: Redis | undefined;
    if (app.config.REDIS_URL) {
      // Short timeouts and one retry: a slow Redis must not hold a login request for long.
      redis = new Redis(app.config.REDIS_URL, { connectTimeout: 1000, maxRetriesPerRequest: 1 });
      redis.on('error', (err) => app.log.warn({ err }, 'rate-limit redis error'));
      const client = redis;
      app.addHook('onClose', async () => {
        // quit() waits for a connection that may never come; a client still connecting is just dropped.
        if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
        else client.disconnect();
      });
    }
    await app.register(rateLimit, {
      global: false,
      redis,
      nameSpace: 'store:rate-limit:',
      // A Redis outage lets requests through rather than locking every shopper out of sign-in.
      skipOnError: true,
    });
    addIpLimit(app);
    addPublicBodyLimit(app);
  },
  { name: 'rate-limit', dependencies: ['errors'] },
);

/**
 * The per-IP limit across e-mail addresses. @fastify/rate-limit runs one limit per route, so this second
 * one is a limiter of its own (same store: shared through Redis too), hooked after the per-e-mail one.
 */
function addIpLimit(app: FastifyInstance) {
  const { AUTH_IP_RATE_LIMIT_MAX, AUTH_RATE_LIMIT_WINDOW_MS } = app.config;
  const limiter = app.createRateLimit({
    max: AUTH_IP_RATE_LIMIT_MAX,
    timeWindow: AUTH_RATE_LIMIT_WINDOW_MS,
    keyGenerator: (request) => `ip|${request.ip}|${request.routeOptions.url ?? request.url}`,
  });
  async function limitPerIp(request: FastifyRequest, reply: FastifyReply) {
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw rateLimited();
  }
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.limitPerIpAcrossEmails) return;
    route.preValidation = [route.preValidation ?? []].flat().concat(limitPerIp as preValidationHookHandler);
  });
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * Every route that takes a body without a session (sign-in, sign-up, the provider's notification, the
 * sandbox bank page, ...) is limited per address at onRequest: before the body is read, parsed or
 * examined, so one address cannot keep the server busy with bodies. Routes that need a session are
 * left to their session check. Added by onRoute, so a route written tomorrow is covered too.
 */
function addPublicBodyLimit(app: FastifyInstance) {
  const limiters = new Map<number, Limiter>();
  const limiterFor = (max: number): Limiter => {
    let limiter = limiters.get(max);
    if (!limiter) {
      limiter = app.createRateLimit({
        max,
        timeWindow: PUBLIC_RATE_LIMIT_WINDOW_MS,
        keyGenerator: (request) => `public|${request.ip}|${request.routeOptions.url ?? request.url}`,
      });
      limiters.set(max, limiter);
    }
    return limiter;
  };
  // A function, not an arrow: `this` is the plugin context that declares the route (see needsSession).
  app.addHook('onRoute', function limitBodiesPerAddress(this: FastifyInstance, route: RouteOptions) {
    const takesBody = [route.method].flat().some((method) => METHODS_WITH_BODY.has(method));
    if (!takesBody || needsSession(this, route)) return;
    const limiter = limiterFor(route.config?.publicRateLimitMax ?? app.config.PUBLIC_RATE_LIMIT_MAX);
    async function limitPerAddress(request: FastifyRequest, reply: FastifyReply) {
      const result = await limiter(request);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', result.ttlInSeconds);
      throw new AppError(429, 'RATE_LIMITED', PUBLIC_RATE_LIMITED_MESSAGE);
    }
    route.onRequest = [route.onRequest ?? []].flat().concat(limitPerAddress as onRequestHookHandler);
  });
}

/** The e-mail a request is about, when its body names one: attempts against one account count together. */
function emailFromBody(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return body && typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
}

/**
 * Route config for the sign-in family (login, signup, forgot-password, resend-email, reset-password):
 * AUTH_RATE_LIMIT_MAX attempts per AUTH_RATE_LIMIT_WINDOW_MS per IP, route and e-mail. With
 * `acrossEmails` (sign-in, forgot-password) also AUTH_IP_RATE_LIMIT_MAX per IP and route whatever the
 * e-mail. Runs at preValidation so the parsed body is available and malformed attempts count too.
 * The IP is the socket peer unless TRUST_PROXY trusts it to name the visitor.
 */
export function authRateLimit(
  config: Pick<Config, 'AUTH_RATE_LIMIT_MAX' | 'AUTH_RATE_LIMIT_WINDOW_MS'>,
  { acrossEmails = false } = {},
): { rateLimit: RateLimitOptions; limitPerIpAcrossEmails: boolean } {
  return {
    limitPerIpAcrossEmails: acrossEmails,
    rateLimit: {
      max: config.AUTH_RATE_LIMIT_MAX,
      timeWindow: config.AUTH_RATE_LIMIT_WINDOW_MS,
      hook: 'preValidation',
      keyGenerator: (request) => `${request.ip}|${request.routeOptions.url ?? request.url}|${emailFromBody(request)}`,
      errorResponseBuilder: rateLimited,
    },
  };
}
