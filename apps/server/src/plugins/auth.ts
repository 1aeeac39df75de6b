import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_HEADER, COUNTRY_RESTRICTED_MESSAGE } from '@store/shared';
import type { Db } from '../db/client.ts';
import { AppError, forbidden, unauthorized } from '../lib/errors.ts';
import { hashToken } from '../lib/ids.ts';
import { findSessionUser, type AuthUser } from '../modules/auth/repository.ts';
import { getStoreSettings } from '../modules/settings/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, from a live session named by the x-auth-token header; null for guests. */
    user: AuthUser | null;
  }
}

export type { AuthUser };

/** Our tokens are 43 characters; anything much longer is not worth a database round trip. */
const MAX_TOKEN_LENGTH = 256;

/** The session token a request carries in x-auth-token, if it looks like one. */
export function sessionTokenOf(request: FastifyRequest): string | null {
  const raw = request.headers[AUTH_HEADER];
  const token = Array.isArray(raw) ? raw[0] : raw;
  return token && token.length <= MAX_TOKEN_LENGTH ? token : null;
}

/** Resolves a session token for the socket.io handshake (same rules as the x-auth-token header). */
export async function userForToken(db: Db, token: string | null | undefined): Promise<{ _id: string; role: AuthUser['role'] } | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const user = await findSessionUser(db, hashToken(token));
  return user ? { _id: user._id, role: user.role } : null;
}

export default fp(
  async (app) => {
    app.decorateRequest('user', null);

    async function isBlocked(country: string): Promise<boolean> {
      // Settings are cached for a few seconds by the settings service, so this is rarely a query.
      const { blockedCountries } = await getStoreSettings(app.db);
      return blockedCountries.some((c) => c.toUpperCase() === country);
    }

    const countryHeader = app.config.COUNTRY_HEADER.toLowerCase();
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/api/v1/')) {
        const raw = request.headers[countryHeader];
        const country = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
        if (country && (await isBlocked(country))) {
          throw new AppError(400, 'COUNTRY_RESTRICTED', COUNTRY_RESTRICTED_MESSAGE);
        }
      }
      const token = sessionTokenOf(request);
      if (token) request.user = await findSessionUser(app.db, hashToken(token));
    });
    // What a session sees (purchases hold gift-card codes) and what hands out a session (sign-in) stays
    // out of every cache: the browser's, a proxy's, a shared computer's.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.user || request.url.startsWith('/api/v1/auth/')) reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

/** The session checks below, so plumbing can tell a route that needs a session from one that does not. */
const sessionChecks = new WeakSet<object>();

/** Whether a route's preHandler(s) include a session check (requireUser / requireRole). */
export function needsSession(preHandler: unknown): boolean {
  return [preHandler].flat().some((handler) => typeof handler === 'function' && sessionChecks.has(handler));
}

/** preHandler: only signed-in callers pass; others get 401 (the web app then signs out and goes home). */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (request.user) return;
  throw request.headers[AUTH_HEADER]
    ? unauthorized('Your session has ended. Please sign in again.')
    : unauthorized('Please sign in to continue.');
}

/** preHandler factory: signed in and holding the role, else 401 / 403. */
export function requireRole(role: AuthUser['role']) {
  async function requireRoleHandler(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    if (request.user!.role !== role) throw forbidden();
  }
  sessionChecks.add(requireRoleHandler);
  return requireRoleHandler;
}
sessionChecks.add(requireUser);
