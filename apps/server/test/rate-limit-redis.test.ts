// Two instances sharing one Redis share their sign-in rate-limit counters.
// This file needs REDIS_URL; vitest.config.ts leaves it out of runs where REDIS_URL is unset.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/test-app.ts';
import { post, uniqueEmail } from './support/auth.ts';

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) {
  throw new Error(
    'rate-limit-redis.test.ts needs REDIS_URL (e.g. REDIS_URL=redis://127.0.0.1:6379) to share counters between two instances.',
  );
}

const RATE_LIMITED = { success: false, message: 'Too many attempts. Please wait a minute and try again.', code: 'RATE_LIMITED' };

describe('auth rate limits shared through Redis (REDIS_URL)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // Both instances trust the proxy in front (app.inject's peer), so each test run is its own visitor.
    const config = { AUTH_RATE_LIMIT_MAX: 2, AUTH_IP_RATE_LIMIT_MAX: 3, REDIS_URL, TRUST_PROXY: ['127.0.0.1'] };
    a = await buildTestApp(config, { seedDemo: false });
    b = await buildTestApp(config, { seedDemo: false });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  const visitor = () => ({ 'x-forwarded-for': `198.18.${randomInt(256)}.${randomInt(1, 255)}` });

  it('counts attempts for one e-mail across instances', async () => {
    const email = uniqueEmail('redis');
    const headers = visitor();
    expect((await post(a.app, '/api/v1/auth/forgot-password', { email }, headers)).statusCode).toBe(200);
    expect((await post(b.app, '/api/v1/auth/forgot-password', { email }, headers)).statusCode).toBe(200);
    const third = await post(a.app, '/api/v1/auth/forgot-password', { email }, headers);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual(RATE_LIMITED);
    expect((await post(b.app, '/api/v1/auth/forgot-password', { email }, headers)).statusCode).toBe(429);
  });

  it('counts one IP across e-mails and instances', async () => {
    const headers = visitor();
    const attempt = (t: TestApp) => post(t.app, '/api/v1/auth/login', { email: uniqueEmail('spray'), password: 'Summer2024!' }, headers);
    expect((await attempt(a)).statusCode).toBe(401);
    expect((await attempt(b)).statusCode).toBe(401);
    expect((await attempt(a)).statusCode).toBe(401);
    const fourth = await attempt(b);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual(RATE_LIMITED);
  });
});
