import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/support/test-app.ts';
import { users } from '../db/schema.ts';
import { createVerifiedUser, post, signupBody, uniqueEmail } from '../../test/support/auth.ts';

const RATE_LIMITED = { success: false, message: 'Too many attempts. Please wait a minute and try again.', code: 'RATE_LIMITED' };
// The benchmarking range (198.18.0.0/15): never a real visitor, so the country check places it nowhere.
const randomIp = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
const login = (t: TestApp, email: string, headers: Record<string, string> = {}) =>
  post(t.app, '/api/v1/auth/login', { email, password: 'a wrong guess' }, headers);

// app.inject's socket peer is 127.0.0.1: without TRUST_PROXY that is every request's IP here.
describe('auth rate limits (in memory, no proxy trusted)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_MAX: 3 });
  });
  afterAll(() => t.close());

  it('answers 429 in the failure envelope after AUTH_RATE_LIMIT_MAX attempts for one e-mail from one IP', async () => {
    const email = uniqueEmail('target');
    for (let i = 0; i < 3; i++) {
      const res = await post(t.app, '/api/v1/auth/login', { email, password: 'guess number ' + i });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post(t.app, '/api/v1/auth/login', { email, password: 'one more guess' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(RATE_LIMITED);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // The e-mail is matched case-insensitively, so changing case does not reset the count.
    expect((await login(t, email.toUpperCase())).statusCode).toBe(429);

    // Other e-mails and other routes keep their own counters.
    expect((await login(t, uniqueEmail())).statusCode).toBe(401);
    expect((await post(t.app, '/api/v1/auth/forgot-password', { email })).statusCode).toBe(200);
  });

  it('ignores a spoofed X-Forwarded-For: a new address in the header does not reset the count', async () => {
    const email = uniqueEmail('spoofer');
    for (let i = 0; i < 3; i++) expect((await login(t, email, { 'x-forwarded-for': randomIp() })).statusCode).toBe(401);
    const res = await login(t, email, { 'x-forwarded-for': randomIp() });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(RATE_LIMITED);
  });

  it('records the socket peer, not the header, as the last sign-in address', async () => {
    const { email, password } = await createVerifiedUser(t.app);
    expect((await post(t.app, '/api/v1/auth/login', { email, password }, { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.lastIp).toBe('127.0.0.1');
  });

  it.each([
    ['signup', (email: string) => ({ email, password: 'long enough pw', firstname: 'A', lastname: 'B' })],
    ['forgot-password', (email: string) => ({ email })],
    ['resend-email', (email: string) => ({ email })],
    ['reset-password', () => ({ token: 'r'.repeat(43), password: 'long enough pw' })],
  ])('limits %s too', async (route, body) => {
    const email = uniqueEmail();
    for (let i = 0; i < 3; i++) {
      const res = await post(t.app, `/api/v1/auth/${route}`, body(email));
      expect(res.statusCode).not.toBe(429);
    }
    const res = await post(t.app, `/api/v1/auth/${route}`, body(email));
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(RATE_LIMITED);
  });

  it('counts rejected bad input too', async () => {
    const bad = { email: 'not-an-email-' + randomInt(1e9), password: 'x' };
    for (let i = 0; i < 3; i++) {
      expect((await post(t.app, '/api/v1/auth/login', bad)).statusCode).toBe(400);
    }
    expect((await post(t.app, '/api/v1/auth/login', bad)).statusCode).toBe(429);
  });

  it('leaves routes without a limit alone', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await post(t.app, '/api/v1/auth/verify-email', { token: 'v'.repeat(43) });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  let trusted: TestApp;
  let otherProxy: TestApp;
  beforeAll(async () => {
    // The proxy in front is the socket peer of app.inject.
    trusted = await buildTestApp({ AUTH_RATE_LIMIT_MAX: 3, TRUST_PROXY: ['127.0.0.1'] }, { seedDemo: false });
    otherProxy = await buildTestApp({ AUTH_RATE_LIMIT_MAX: 3, TRUST_PROXY: ['10.0.0.0/8'] }, { seedDemo: false });
  });
  afterAll(async () => {
    await trusted.close();
    await otherProxy.close();
  });

  it('counts each visitor the proxy names apart, and records that address', async () => {
    const email = uniqueEmail('behind-proxy');
    const visitor = randomIp();
    for (let i = 0; i < 3; i++) expect((await login(trusted, email, { 'x-forwarded-for': visitor })).statusCode).toBe(401);
    expect((await login(trusted, email, { 'x-forwarded-for': visitor })).statusCode).toBe(429);
    expect((await login(trusted, email, { 'x-forwarded-for': randomIp() })).statusCode).toBe(401);

    const { email: shopper, password } = await createVerifiedUser(trusted.app);
    expect(
      (await post(trusted.app, '/api/v1/auth/login', { email: shopper, password }, { 'x-forwarded-for': '203.0.113.7' })).statusCode,
    ).toBe(200);
    const [user] = await trusted.database.db.select().from(users).where(eq(users.email, shopper));
    expect(user!.lastIp).toBe('203.0.113.7');
  });

  it('ignores the header when the peer is not one of the listed proxies', async () => {
    const email = uniqueEmail('not-our-proxy');
    for (let i = 0; i < 3; i++) expect((await login(otherProxy, email, { 'x-forwarded-for': randomIp() })).statusCode).toBe(401);
    expect((await login(otherProxy, email, { 'x-forwarded-for': randomIp() })).statusCode).toBe(429);
  });
});

describe('per-IP limit across e-mail addresses (AUTH_IP_RATE_LIMIT_MAX)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_MAX: 3, AUTH_IP_RATE_LIMIT_MAX: 5, TRUST_PROXY: ['127.0.0.1'] }, { seedDemo: false });
  });
  afterAll(() => t.close());

  it.each(['login', 'forgot-password'])('stops %s from one IP after the limit, whichever e-mail is tried', async (route) => {
    const ip = randomIp();
    const attempt = (from: string) => {
      const email = uniqueEmail('sprayed');
      return post(t.app, `/api/v1/auth/${route}`, route === 'login' ? { email, password: 'Summer2024!' } : { email }, {
        'x-forwarded-for': from,
      });
    };
    for (let i = 0; i < 5; i++) expect((await attempt(ip)).statusCode).toBe(route === 'login' ? 401 : 200);
    const blocked = await attempt(ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(RATE_LIMITED);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // Another visitor is not held back by it.
    expect((await attempt(randomIp())).statusCode).toBe(route === 'login' ? 401 : 200);
  });

  it('does not apply to sign-up: several accounts from one address are fine', async () => {
    const ip = randomIp();
    for (let i = 0; i < 6; i++) {
      expect((await post(t.app, '/api/v1/auth/signup', signupBody(uniqueEmail('household')), { 'x-forwarded-for': ip })).statusCode).toBe(
        201,
      );
    }
  });
});
