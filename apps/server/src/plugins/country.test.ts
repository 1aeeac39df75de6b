// The country restriction (SPEC §1, §8; ADR 018): who is refused, where from, and on which calls.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io as connectClient, type Socket } from 'socket.io-client';
import { COUNTRY_RESTRICTED_MESSAGE } from '@store/shared';
import { buildTestApp, type TestApp } from '../../test/support/test-app.ts';
import { createVerifiedUser, loginAs, post, signupBody, uniqueEmail } from '../../test/support/auth.ts';
import { DEMO_ACCOUNTS } from '../db/seed/demo-accounts.ts';
import { getStoreSettings, saveStoreSettings } from '../modules/settings/index.ts';

const REFUSED = { success: false, message: COUNTRY_RESTRICTED_MESSAGE, code: 'COUNTRY_RESTRICTED' };

// Public addresses the geo-IP data shipped with geoip-lite 2.0.3 places (ADR 018 lists them too).
const ADDRESS = {
  cuba: '152.206.0.1',
  iran: '2.144.0.1',
  northKorea: '175.45.176.1',
  syria: '5.0.0.1',
  crimea: '5.59.38.1', // UA-43
  sevastopol: '5.149.208.1', // UA-40
  donetsk: '5.104.32.1', // UA-14
  luhansk: '31.128.96.1', // UA-09
  kyiv: '2.56.136.1', // UA-30
  unitedStates: '8.8.8.8',
};

// app.inject's peer is 127.0.0.1, the trusted proxy here; `remoteAddress` makes another peer.
let t: TestApp;
let shopper: { id: string; token: string };
beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: ['127.0.0.1'], AUTH_RATE_LIMIT_MAX: 1000, AUTH_IP_RATE_LIMIT_MAX: 1000 });
  const { email, password } = await createVerifiedUser(t.app);
  const { token, user } = await loginAs(t.app, email, password);
  shopper = { id: user._id, token };
});
afterAll(() => t.close());

function getUser(headers: Record<string, string>, remoteAddress?: string) {
  return t.app.inject({ method: 'GET', url: '/api/v1/getuser', headers: { 'x-auth-token': shopper.token, ...headers }, remoteAddress });
}

describe('through a trusted proxy', () => {
  it("refuses a session call when the proxy's country header names a blocked country", async () => {
    for (const country of ['CU', 'ir', ' KP ', 'SY']) {
      const res = await getUser({ 'cf-ipcountry': country });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(REFUSED);
    }
    expect(COUNTRY_RESTRICTED_MESSAGE).toBe('Sorry! Services not available in your country.');
  });

  it('refuses by the geo-IP place of the forwarded address when there is no country header', async () => {
    const blocked = [
      ADDRESS.cuba,
      ADDRESS.iran,
      ADDRESS.northKorea,
      ADDRESS.syria,
      ADDRESS.crimea,
      ADDRESS.sevastopol,
      ADDRESS.donetsk,
      ADDRESS.luhansk,
    ];
    for (const address of blocked) {
      const res = await getUser({ 'x-forwarded-for': address });
      expect(res.json(), address).toEqual(REFUSED);
      expect(res.statusCode).toBe(400);
    }
    // An IPv4 address written as IPv6, as a dual-stack proxy may forward it.
    expect((await getUser({ 'x-forwarded-for': `::ffff:${ADDRESS.cuba}` })).statusCode).toBe(400);
  });

  it('finds an occupied region behind a proxy that only says UA', async () => {
    expect((await getUser({ 'cf-ipcountry': 'UA', 'x-forwarded-for': ADDRESS.crimea })).json()).toEqual(REFUSED);
    expect((await getUser({ 'cf-ipcountry': 'UA', 'x-forwarded-for': ADDRESS.kyiv })).statusCode).toBe(200);
  });

  it('lets an allowed country through, by header or by address', async () => {
    const allowed: Record<string, string>[] = [
      { 'cf-ipcountry': 'US' },
      { 'x-forwarded-for': ADDRESS.unitedStates },
      { 'x-forwarded-for': ADDRESS.kyiv },
      {},
    ];
    for (const headers of allowed) {
      const res = await getUser(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.json().data._id).toBe(shopper.id);
    }
  });
});

describe('from a peer that is not a trusted proxy', () => {
  it('ignores its country header and its X-Forwarded-For', async () => {
    const spoofed = { 'cf-ipcountry': 'KP', 'x-forwarded-for': ADDRESS.cuba };
    const res = await getUser(spoofed, ADDRESS.unitedStates);
    expect(res.statusCode).toBe(200);
    expect(res.json().data._id).toBe(shopper.id);
  });

  it('is placed by its own address', async () => {
    const res = await getUser({ 'cf-ipcountry': 'US' }, ADDRESS.iran);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(REFUSED);
  });
});

describe('without TRUST_PROXY (local use, the tests)', () => {
  let local: TestApp;
  beforeAll(async () => {
    local = await buildTestApp({}, { seedDemo: false });
  });
  afterAll(() => local.close());

  it('a loopback, private or reserved peer is nowhere: a country header from it is ignored', async () => {
    for (const remoteAddress of [
      '127.0.0.1',
      '::1',
      '10.1.2.3',
      '192.168.0.7',
      '::ffff:127.0.0.1',
      '203.0.113.9',
      '198.18.4.5',
      '2001:db8::7',
    ]) {
      const res = await local.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        // An address of its own each time: one address's wrong passwords would soon wait (ADR 034).
        payload: { email: uniqueEmail('nobody'), password: 'wrong' },
        headers: { 'cf-ipcountry': 'CU' },
        remoteAddress,
      });
      expect(res.statusCode, remoteAddress).toBe(401);
    }
  });
});

describe('which calls are refused', () => {
  const fromCuba = { 'cf-ipcountry': 'CU' };

  it('sign-in, sign-up and the demo test-login', async () => {
    const account = DEMO_ACCOUNTS.find((a) => a.role === 'USER')!;
    const calls = [
      post(t.app, '/api/v1/auth/login', { email: account.email, password: account.password }, fromCuba),
      post(t.app, '/api/v1/auth/signup', signupBody(uniqueEmail('cuba')), fromCuba),
      post(t.app, '/api/v1/auth/test-login', { email: account.email }, fromCuba),
      post(t.app, '/api/v1/auth/forgot-password', { email: account.email }, fromCuba),
      // A guest from a blocked country hears the restriction, not "please sign in".
      post(t.app, '/api/v1/auth/signup', { nonsense: true }, { 'x-forwarded-for': ADDRESS.northKorea }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.json()).toEqual(REFUSED);
      expect(res.statusCode).toBe(400);
    }
  });

  it('every call that needs a session, signed in or not', async () => {
    const calls = [
      getUser(fromCuba),
      t.app.inject({ method: 'GET', url: '/api/v1/getuser', headers: fromCuba }),
      t.app.inject({ method: 'GET', url: '/api/v1/cart', headers: { ...fromCuba, 'x-auth-token': shopper.token } }),
      t.app.inject({ method: 'GET', url: '/api/v1/wallet/history', headers: { ...fromCuba, 'x-auth-token': shopper.token } }),
      post(t.app, '/api/v1/cart', { nonsense: true }, { ...fromCuba, 'x-auth-token': shopper.token }),
      post(t.app, '/api/v1/auth/logout', undefined, { ...fromCuba, 'x-auth-token': shopper.token }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.json()).toEqual(REFUSED);
      expect(res.statusCode).toBe(400);
    }
    // The refused logout did not end the session: from an allowed place it still works.
    expect((await getUser({})).statusCode).toBe(200);
  });

  it('the public catalogue, settings and promotions stay open; unknown paths stay 404', async () => {
    for (const url of ['/api/v1/settings', '/api/v1/cart/convertionrate', '/api/v1/admin/promotions/active-promotion']) {
      const res = await t.app.inject({ method: 'GET', url, headers: fromCuba });
      expect(res.statusCode, url).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/no-such-route', headers: fromCuba })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/ping', headers: fromCuba })).statusCode).toBe(200);
  });
});

describe('the blockedCountries setting', () => {
  it('takes effect for countries and regions, and when entries are removed', async () => {
    const settings = await getStoreSettings(t.database.db);
    expect(settings.blockedCountries).toEqual(['CU', 'IR', 'KP', 'SY', 'UA-43', 'UA-40', 'UA-14', 'UA-09']);
    expect((await getUser({ 'cf-ipcountry': 'FR' })).statusCode).toBe(200);
    await saveStoreSettings(t.database.db, { ...settings, blockedCountries: ['fr', 'UA-30'] });
    try {
      expect((await getUser({ 'cf-ipcountry': 'FR' })).json()).toEqual(REFUSED);
      expect((await getUser({ 'x-forwarded-for': ADDRESS.kyiv })).json()).toEqual(REFUSED);
      expect((await getUser({ 'cf-ipcountry': 'CU' })).statusCode).toBe(200);
      expect((await getUser({ 'x-forwarded-for': ADDRESS.crimea })).statusCode).toBe(200);
    } finally {
      await saveStoreSettings(t.database.db, settings);
    }
    expect((await getUser({ 'cf-ipcountry': 'FR' })).statusCode).toBe(200);
  });
});

describe('COUNTRY_HEADER', () => {
  it('names the header the trusted proxy sets', async () => {
    const other = await buildTestApp({ COUNTRY_HEADER: 'X-Visitor-Country', TRUST_PROXY: ['loopback'] }, { seedDemo: false });
    try {
      const login = (headers: Record<string, string>) =>
        post(other.app, '/api/v1/auth/login', { email: 'nobody@example.com', password: 'wrong' }, headers);
      expect((await login({ 'x-visitor-country': 'IR' })).json()).toEqual(REFUSED);
      expect((await login({ 'cf-ipcountry': 'IR' })).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('the live connection', () => {
  let baseUrl: string;
  const opened: Socket[] = [];
  beforeAll(async () => {
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const socket of opened.splice(0)) socket.disconnect();
  });

  /** Resolves 'connected' or the server's connect error message. */
  function handshake(extraHeaders: Record<string, string>): Promise<string> {
    const socket = connectClient(baseUrl, {
      path: '/socket.io/',
      transports: ['websocket'],
      auth: { token: shopper.token },
      query: { _id: shopper.id, role: 'USER' },
      extraHeaders,
      reconnection: false,
      forceNew: true,
    });
    opened.push(socket);
    return new Promise((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (err) => resolve(err.message));
    });
  }

  it('refuses the handshake from a blocked country, by header or by address', async () => {
    expect(await handshake({ 'cf-ipcountry': 'CU' })).toBe(COUNTRY_RESTRICTED_MESSAGE);
    expect(await handshake({ 'x-forwarded-for': ADDRESS.sevastopol })).toBe(COUNTRY_RESTRICTED_MESSAGE);
    expect(await handshake({ 'cf-ipcountry': 'US' })).toBe('connected');
    expect(await handshake({})).toBe('connected');
  });
});
