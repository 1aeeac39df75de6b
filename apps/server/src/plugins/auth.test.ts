import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/support/test-app.ts';
import { DEMO_ACCOUNTS } from '../db/seed/demo-accounts.ts';
import { findLiveTokenHashes, findSessionUser } from '../modules/auth/index.ts';
import { getStoreSettings } from '../modules/settings/index.ts';
import { createVerifiedUser, loginAs, post } from '../../test/support/auth.ts';
import authPlugin, { requireRole, requireSession, requireUser, signedInUser } from './auth.ts';
import dbPlugin from './db.ts';
import errorsPlugin from './errors.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_MAX: 1000 });
});
afterAll(() => t.close());

const demoLogin = async (role: 'USER' | 'ADMIN') => {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role)!;
  return loginAs(t.app, account.email, account.password);
};

// The country restriction's tests: country.test.ts.

describe('requireUser / requireRole', () => {
  // A small app with only our plugins, so the guards can be tried on routes of their own.
  let guarded: FastifyInstance;
  beforeAll(async () => {
    guarded = Fastify();
    guarded.decorate('config', t.app.config);
    await guarded.register(errorsPlugin);
    await guarded.register(dbPlugin, { database: t.database });
    await guarded.register(authPlugin, {
      findUser: (tokenHash) => findSessionUser(t.database.db, tokenHash),
      liveTokenHashes: (tokenHashes) => findLiveTokenHashes(t.database.db, tokenHashes),
      blockedCountries: async () => (await getStoreSettings(t.database.db)).blockedCountries,
    });
    guarded.get('/api/v1/me', { onRequest: requireUser }, async (request) => ({ user: request.user }));
    guarded.get('/api/v1/admin-only', { onRequest: requireRole('ADMIN') }, async () => ({ ok: true }));
    guarded.get('/api/v1/anyone', async (request) => ({ user: request.user }));
    await guarded.register(async (signedIn) => {
      requireSession(signedIn);
      signedIn.post('/api/v1/signed-in', async (request) => ({ id: signedInUser(request)._id, body: request.body }));
    });
    await guarded.ready();
  });
  afterAll(() => guarded.close());

  it('decorates request.user from the token, null for guests', async () => {
    const { token, user } = await demoLogin('USER');
    const me = await guarded.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-auth-token': token } });
    // A demo login signed in with no social provider.
    expect(me.json()).toEqual({ user: { _id: user._id, role: 'USER', email: DEMO_ACCOUNTS[0]!.email, signInProvider: null } });
    expect((await guarded.inject({ method: 'GET', url: '/api/v1/anyone' })).json()).toEqual({ user: null });
  });

  it('requireRole: 401 for guests, 403 for the wrong role, through for the role', async () => {
    const guest = await guarded.inject({ method: 'GET', url: '/api/v1/admin-only' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });

    const shopper = await demoLogin('USER');
    const denied = await guarded.inject({ method: 'GET', url: '/api/v1/admin-only', headers: { 'x-auth-token': shopper.token } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });

    const admin = await demoLogin('ADMIN');
    const allowed = await guarded.inject({ method: 'GET', url: '/api/v1/admin-only', headers: { 'x-auth-token': admin.token } });
    expect(allowed.statusCode).toBe(200);
  });

  it.each(['preParsing', 'preValidation', 'preHandler'] as const)(
    'a session or role check declared at %s stops the start: it would read and validate the input first',
    async (stage) => {
      const late = Fastify();
      late.decorate('config', t.app.config);
      await late.register(authPlugin, { findUser: async () => null, liveTokenHashes: async () => [], blockedCountries: async () => [] });
      expect(() => late.post('/api/v1/admin/late', { [stage]: requireRole('ADMIN') }, async () => ({ ok: true }))).toThrow(
        `POST /api/v1/admin/late: a session or role check belongs in onRequest, not ${stage}`,
      );
      expect(() => late.post('/api/v1/late-user', { [stage]: requireUser }, async () => ({ ok: true }))).toThrow(/not /);
      await late.close();
    },
  );

  it('requireSession: a whole group needs a session, a guest is refused before the body is read', async () => {
    const malformed = { 'content-type': 'application/json' };
    const guest = await guarded.inject({ method: 'POST', url: '/api/v1/signed-in', headers: malformed, payload: '{not json' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ success: false, message: 'Please sign in to continue.', code: 'UNAUTHORIZED' });

    const { token, user } = await demoLogin('USER');
    const broken = await guarded.inject({
      method: 'POST',
      url: '/api/v1/signed-in',
      headers: { ...malformed, 'x-auth-token': token },
      payload: '{not json',
    });
    expect(broken.statusCode).toBe(400);
    const ok = await guarded.inject({ method: 'POST', url: '/api/v1/signed-in', headers: { 'x-auth-token': token }, payload: { a: 1 } });
    expect(ok.json()).toEqual({ id: user._id, body: { a: 1 } });
  });

  it('a revoked token is a 401 with a message that says the session ended', async () => {
    const { token } = await demoLogin('USER');
    await post(t.app, '/api/v1/auth/logout', undefined, { 'x-auth-token': token });
    const res = await guarded.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-auth-token': token } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: 'Your session has ended. Please sign in again.', code: 'UNAUTHORIZED' });
  });
});

describe('app.userForToken (socket.io handshake)', () => {
  it('resolves a live token to the session user and anything else to null', async () => {
    const { email, password } = await createVerifiedUser(t.app);
    const { token, user } = await loginAs(t.app, email, password);
    expect(await t.app.userForToken(token)).toEqual({ _id: user._id, role: 'USER' });
    expect(await t.app.userForToken('not-a-token')).toBeNull();
    expect(await t.app.userForToken(undefined)).toBeNull();
    await post(t.app, '/api/v1/auth/logout', undefined, { 'x-auth-token': token });
    expect(await t.app.userForToken(token)).toBeNull();
  });
});
