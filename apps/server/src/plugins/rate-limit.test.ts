import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { post, uniqueEmail } from '../modules/auth/testing.ts';

const RATE_LIMITED = { success: false, message: 'Too many attempts. Please wait a minute and try again.', code: 'RATE_LIMITED' };
const randomIp = () => `198.51.${randomInt(256)}.${randomInt(1, 255)}`;

describe('auth rate limits (in memory)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_MAX: 3 });
  });
  afterAll(() => t.close());

  it('answers 429 in the failure envelope after AUTH_RATE_LIMIT_MAX attempts for one e-mail from one IP', async () => {
    const email = uniqueEmail('target');
    const ip = randomIp();
    for (let i = 0; i < 3; i++) {
      const res = await post(t.app, '/api/v1/auth/login', { email, password: 'guess number ' + i }, { 'x-forwarded-for': ip });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post(t.app, '/api/v1/auth/login', { email, password: 'one more guess' }, { 'x-forwarded-for': ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(RATE_LIMITED);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // The e-mail is matched case-insensitively, so changing case does not reset the count.
    const upper = await post(t.app, '/api/v1/auth/login', { email: email.toUpperCase(), password: 'x' }, { 'x-forwarded-for': ip });
    expect(upper.statusCode).toBe(429);

    // Other e-mails, other IPs and other routes keep their own counters.
    expect((await post(t.app, '/api/v1/auth/login', { email: uniqueEmail(), password: 'x' }, { 'x-forwarded-for': ip })).statusCode).toBe(401);
    expect((await post(t.app, '/api/v1/auth/login', { email, password: 'x' }, { 'x-forwarded-for': randomIp() })).statusCode).toBe(401);
    expect((await post(t.app, '/api/v1/auth/forgot-password', { email }, { 'x-forwarded-for': ip })).statusCode).toBe(200);
  });

  it.each([
    ['signup', (email: string) => ({ email, password: 'long enough pw', firstname: 'A', lastname: 'B' })],
    ['forgot-password', (email: string) => ({ email })],
    ['resend-email', (email: string) => ({ email })],
    ['reset-password', () => ({ token: 'r'.repeat(43), password: 'long enough pw' })],
  ])('limits %s too', async (route, body) => {
    const email = uniqueEmail();
    const ip = randomIp();
    for (let i = 0; i < 3; i++) {
      const res = await post(t.app, `/api/v1/auth/${route}`, body(email), { 'x-forwarded-for': ip });
      expect(res.statusCode).not.toBe(429);
    }
    const res = await post(t.app, `/api/v1/auth/${route}`, body(email), { 'x-forwarded-for': ip });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(RATE_LIMITED);
  });

  it('counts rejected bad input too', async () => {
    const ip = randomIp();
    for (let i = 0; i < 3; i++) {
      expect((await post(t.app, '/api/v1/auth/login', { email: 'not-an-email', password: 'x' }, { 'x-forwarded-for': ip })).statusCode).toBe(400);
    }
    expect((await post(t.app, '/api/v1/auth/login', { email: 'not-an-email', password: 'x' }, { 'x-forwarded-for': ip })).statusCode).toBe(429);
  });

  it('leaves routes without a limit alone', async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i++) {
      const res = await post(t.app, '/api/v1/auth/verify-email', { token: 'v'.repeat(43) }, { 'x-forwarded-for': ip });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('auth rate limits shared through Redis (REDIS_URL)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await buildTestApp({ AUTH_RATE_LIMIT_MAX: 2, REDIS_URL: 'redis://127.0.0.1:6379' }, { seedDemo: false });
    b = await buildTestApp({ AUTH_RATE_LIMIT_MAX: 2, REDIS_URL: 'redis://127.0.0.1:6379' }, { seedDemo: false });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('counts attempts across instances', async () => {
    const email = uniqueEmail('redis');
    const ip = randomIp();
    expect((await post(a.app, '/api/v1/auth/forgot-password', { email }, { 'x-forwarded-for': ip })).statusCode).toBe(200);
    expect((await post(b.app, '/api/v1/auth/forgot-password', { email }, { 'x-forwarded-for': ip })).statusCode).toBe(200);
    const third = await post(a.app, '/api/v1/auth/forgot-password', { email }, { 'x-forwarded-for': ip });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual(RATE_LIMITED);
    expect((await post(b.app, '/api/v1/auth/forgot-password', { email }, { 'x-forwarded-for': ip })).statusCode).toBe(429);
  });
});
