import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_RESTRICTED_MESSAGE } from '@store/shared';
import { buildTestApp, type TestApp } from '../../test/support/test-app.ts';
import { DEMO_ACCOUNTS } from '../db/seed/accounts.ts';
import { findSessionUser } from '../modules/auth/index.ts';
import { saveStoreSettings, getStoreSettings } from '../modules/settings/index.ts';
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

describe('country restriction', () => {
  it('answers every /api/v1 call from a blocked country with 400 and the exact message', async () => {
    const { blockedCountries } = await getStoreSettings(t.database.db);
    expect(blockedCountries).toContain('KP');
    const { token } = await demoLogin('USER');
    const calls = [
      t.app.inject({ method: 'GET', url: '/api/v1/getuser', headers: { 'cf-ipcountry': 'KP', 'x-auth-token': token } }),
      t.app.inject({ method: 'GET', url: '/api/v1/getuser', headers: { 'cf-ipcountry': 'kp' } }),
      post(t.app, '/api/v1/auth/login', { email: DEMO_ACCOUNTS[0]!.email, password: DEMO_ACCOUNTS[0]!.password }, { 'cf-ipcountry': 'KP' }),
      post(t.app, '/api/v1/auth/signup', { nonsense: true }, { 'cf-ipcountry': 'KP' }),
      t.app.inject({ method: 'GET', url: '/api/v1/settings', headers: { 'cf-ipcountry': 'KP' } }),
      t.app.inject({ method: 'GET', url: '/api/v1/no-such-route', headers: { 'cf-ipcountry': 'KP' } }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: COUNTRY_RESTRICTED_MESSAGE, code: 'COUNTRY_RESTRICTED' });
    }
    expect(COUNTRY_RESTRICTED_MESSAGE).toBe('Sorry! Services not available in your country.');
  });

  it('lets other countries, and calls without the header, through', async () => {
    const { token } = await demoLogin('USER');
    for (const headers of [{ 'cf-ipcountry': 'US' }, {}]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/getuser', headers: { ...headers, 'x-auth-token': token } });
      expect(res.statusCode).toBe(200);
    }
  });

  it('only guards /api/v1 (the mailbox and ping stay reachable)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/ping', headers: { 'cf-ipcountry': 'KP' } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/mailbox', headers: { 'cf-ipcountry': 'KP' } })).statusCode).toBe(200);
  });

  it('follows the blockedCountries setting', async () => {
    const settings = await getStoreSettings(t.database.db);
    await saveStoreSettings(t.database.db, { ...settings, blockedCountries: [...settings.blockedCountries, 'FR'] });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/settings', headers: { 'cf-ipcountry': 'FR' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(COUNTRY_RESTRICTED_MESSAGE);
    } finally {
      await saveStoreSettings(t.database.db, settings);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/settings', headers: { 'cf-ipcountry': 'FR' } })).statusCode).toBe(200);
  });

  it('reads the header named by COUNTRY_HEADER', async () => {
    const other = await buildTestApp({ COUNTRY_HEADER: 'X-Visitor-Country' }, { seedDemo: false });
    try {
      const blocked = await other.app.inject({ method: 'GET', url: '/api/v1/settings', headers: { 'x-visitor-country': 'IR' } });
      expect(blocked.statusCode).toBe(400);
      expect(blocked.json().message).toBe(COUNTRY_RESTRICTED_MESSAGE);
      const ignored = await other.app.inject({ method: 'GET', url: '/api/v1/settings', headers: { 'cf-ipcountry': 'IR' } });
      expect(ignored.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

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
      blockedCountries: async () => (await getStoreSettings(t.database.db)).blockedCountries,
    });
    guarded.get('/api/v1/me', { preHandler: requireUser }, async (request) => ({ user: request.user }));
    guarded.get('/api/v1/admin-only', { preHandler: requireRole('ADMIN') }, async () => ({ ok: true }));
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
    expect(me.json()).toEqual({ user: { _id: user._id, role: 'USER', email: DEMO_ACCOUNTS[0]!.email } });
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
