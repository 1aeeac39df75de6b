import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AUTH_HEADER, COUNTRY_RESTRICTED_MESSAGE } from '@store/shared';
import { forbidden, unauthorized } from '@store/server-kit';
import { AppError } from '../lib/errors.ts';
import { hashToken } from '../lib/ids.ts';
import { countryCheck } from './country.ts';
import { SessionCache, type FoundSession } from './session-cache.ts';
import type { SessionEnd } from './live-sessions.ts';

/** The user behind a live session, as routes see it. */
export interface AuthUser {
  _id: string;
  role: 'USER' | 'ADMIN';
  email: string;
  /** How this session signed in: a social provider, or null for a password (getuser's provider, SPEC §3). */
  signInProvider: 'apple' | 'facebook' | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, from a live session named by the x-auth-token header; null for guests. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** Resolves a session token for the socket.io handshake (same rules as the x-auth-token header). */
    userForToken(token: string | null | undefined): Promise<Pick<AuthUser, '_id' | 'role'> | null>;
    /** Which of these token hashes still name a live session (the live sockets' re-check, ADR 030). */
    liveTokenHashes(tokenHashes: string[]): Promise<string[]>;
    /** Whether a connection comes from a country (or region) the store does not serve (ADR 018). */
    fromRestrictedCountry(raw: IncomingMessage): Promise<boolean>;
    /** A session (or a user's every session) ended: requests stop being signed in with it (app.ts hands it every end heard). */
    forgetSession(end: SessionEnd): void;
  }
  interface FastifyContextConfig {
    /** Set by the auth plugin: the route refuses visitors from a blocked country (see countryRestricted). */
    countryRestricted?: boolean;
  }
}

/** What the plugin looks up; app.ts hands it the modules' lookups, so plumbing imports no module. */
export interface AuthLookups {
  /** The user of a live (not revoked, not expired) session, by the hash of its token, and the session's expiry. */
  findUser(tokenHash: string): Promise<FoundSession<AuthUser> | null>;
  /** Which of these token hashes still name a live session. */
  liveTokenHashes(tokenHashes: string[]): Promise<string[]>;
  /** The countries the store does not serve (ISO codes; compared in capitals). */
  blockedCountries(): Promise<string[]>;
}

/** Our tokens are 43 characters; anything much longer is not worth a database round trip. */
const MAX_TOKEN_LENGTH = 256;

/** The routes that hand out or end a session: sign-in, sign-up, test-login, resets, logout. */
const ACCOUNT_ENTRY_PREFIX = '/api/v1/auth/';

/** The session token a request carries in x-auth-token, if it looks like one. */
export function sessionTokenOf(request: FastifyRequest): string | null {
  const raw = request.headers[AUTH_HEADER];
  const token = Array.isArray(raw) ? raw[0] : raw;
  return token && token.length <= MAX_TOKEN_LENGTH ? token : null;
}

export default fp<AuthLookups>(
  async (app, { findUser, liveTokenHashes, blockedCountries }) => {
    app.decorateRequest('user', null);
    // Requests are signed in through the session cache (ADR 060); a live connection's handshake, rare beside
    // them, always asks the database, so a socket never opens on a session that has just ended.
    const sessionCache = new SessionCache<AuthUser>();
    app.decorate('forgetSession', (end: SessionEnd) => sessionCache.forget(end));
    app.decorate('userForToken', async (token: string | null | undefined) => {
      if (!token || token.length > MAX_TOKEN_LENGTH) return null;
      const found = await findUser(hashToken(token));
      return found ? { _id: found.user._id, role: found.user.role } : null;
    });
    app.decorate('liveTokenHashes', liveTokenHashes);

    const fromRestrictedCountry = countryCheck(app.config, blockedCountries);
    app.decorate('fromRestrictedCountry', fromRestrictedCountry);

    // A function, not an arrow: `this` is the plugin context that declares the route (see needsSession).
    app.addHook('onRoute', function markCountryRestricted(this: FastifyInstance, route: RouteOptions) {
      refuseLateSessionCheck(route);
      if (countryRestricted(this, route)) route.config = { ...route.config, countryRestricted: true };
    });
    app.addHook('onRequest', async (request) => {
      // Here, before any route's own session check, so a guest from a blocked country hears the same 400.
      if (request.routeOptions.config.countryRestricted && (await fromRestrictedCountry(request.raw))) {
        throw new AppError(400, 'COUNTRY_RESTRICTED', COUNTRY_RESTRICTED_MESSAGE);
      }
      const token = sessionTokenOf(request);
      if (token) {
        const tokenHash = hashToken(token);
        request.user = await sessionCache.lookup(tokenHash, () => findUser(tokenHash));
      }
    });
    // What a session sees (purchases hold gift-card codes) and what hands out a session (sign-in) stays
    // out of every cache: the browser's, a proxy's, a shared computer's.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.user || request.url.startsWith(ACCOUNT_ENTRY_PREFIX)) reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'auth' },
);

/**
 * The signed-in user of a request. Behind requireSession (or requireUser) it is always there, typed and
 * never null; anywhere else a guest gets the same 401 the session check gives.
 */
export function signedInUser(request: FastifyRequest): AuthUser {
  if (request.user) return request.user;
  throw request.headers[AUTH_HEADER]
    ? unauthorized('Your session has ended. Please sign in again.')
    : unauthorized('Please sign in to continue.');
}

/** The session checks below, so plumbing can tell a route that needs a session from one that does not. */
const sessionChecks = new WeakSet<object>();

/** onRequest hook: only signed-in callers pass; others get 401 (the web app then signs out and goes home). */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  signedInUser(request);
}

/** onRequest hook factory: signed in and holding the role, else 401 / 403. */
export function requireRole(role: AuthUser['role']) {
  async function requireRoleHandler(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    if (signedInUser(request).role !== role) throw forbidden();
  }
  sessionChecks.add(requireRoleHandler);
  return requireRoleHandler;
}
sessionChecks.add(requireUser);

/** The stages after onRequest: by then the body is read (preParsing aside) and validated (preHandler). */
const LATE_STAGES = ['preParsing', 'preValidation', 'preHandler'] as const;

/**
 * A session or role check runs at onRequest, so a guest hears 401 and a shopper 403 before their input is
 * read or validated: at preHandler a shopper's bad body was a 400 that told them what the admin route
 * takes (issue 21). Declaring one later stops the start, so no route can get the order wrong again.
 */
function refuseLateSessionCheck(route: RouteOptions): void {
  for (const stage of LATE_STAGES) {
    if ([route[stage]].flat().some((hook) => typeof hook === 'function' && sessionChecks.has(hook))) {
      throw new Error(`${String(route.method)} ${route.url}: a session or role check belongs in onRequest, not ${stage}`);
    }
  }
}

/** Marks a plugin context whose every route needs a session; its children inherit the mark. */
const SESSION_REQUIRED = Symbol('every route here needs a session');

/**
 * Every route of this plugin context (and of plugins registered inside it) needs a signed-in user:
 * declared once, for the whole group. The session is checked at onRequest, so a guest is refused with
 * 401 before the body is read; handlers take the user from signedInUser(request). Call it first thing
 * in an encapsulated plugin (a routes plugin, or a child plugin for part of a module's routes).
 */
export function requireSession(app: FastifyInstance): void {
  if (isSessionContext(app)) return;
  app.decorate(SESSION_REQUIRED, true);
  app.addHook('onRequest', requireUser);
}

function isSessionContext(context: FastifyInstance): boolean {
  return (context as unknown as Record<symbol, unknown>)[SESSION_REQUIRED] === true;
}

/**
 * Whether a route needs a session: declared in a requireSession context (the `this` of an onRoute
 * hook), or carrying a session check among its own onRequest hooks.
 */
export function needsSession(context: FastifyInstance, route: Pick<RouteOptions, 'onRequest'>): boolean {
  if (isSessionContext(context)) return true;
  return [route.onRequest].flat().some((hook) => typeof hook === 'function' && sessionChecks.has(hook));
}

/**
 * Which routes the country restriction closes (ADR 018): every route that needs a session, and every
 * route that leads to one (the /api/v1/auth/ family: sign-in, sign-up, demo test-login, password reset,
 * e-mail confirmation). The public catalogue, settings and promotions stay open, so a blocked visitor
 * still sees the home page that tells them why; provider webhooks stay open (they are not visitors).
 */
export function countryRestricted(context: FastifyInstance, route: Pick<RouteOptions, 'url' | 'onRequest'>): boolean {
  return route.url.startsWith(ACCOUNT_ENTRY_PREFIX) || needsSession(context, route);
}
