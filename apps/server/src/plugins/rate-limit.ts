import fp from 'fastify-plugin';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

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
  },
  { name: 'rate-limit', dependencies: ['errors'] },
);

/** The e-mail a request is about, when its body names one: attempts against one account count together. */
function emailFromBody(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return body && typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
}

/**
 * Route config for the sign-in family (login, signup, forgot-password, resend-email, reset-password):
 * AUTH_RATE_LIMIT_MAX attempts per AUTH_RATE_LIMIT_WINDOW_MS per IP, route and e-mail.
 * Runs at preValidation so the parsed body is available and malformed attempts count too.
 */
export function authRateLimit(config: Pick<Config, 'AUTH_RATE_LIMIT_MAX' | 'AUTH_RATE_LIMIT_WINDOW_MS'>): { rateLimit: RateLimitOptions } {
  return {
    rateLimit: {
      max: config.AUTH_RATE_LIMIT_MAX,
      timeWindow: config.AUTH_RATE_LIMIT_WINDOW_MS,
      hook: 'preValidation',
      keyGenerator: (request) => `${request.ip}|${request.routeOptions.url ?? request.url}|${emailFromBody(request)}`,
      errorResponseBuilder: () => new AppError(429, 'RATE_LIMITED', RATE_LIMITED_MESSAGE),
    },
  };
}
