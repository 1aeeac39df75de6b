// Two instances sharing one Redis share each account's failed sign-ins (ADR 034): an attacker spreading
// guesses over instances behind the load balancer is slowed as on one.
// This file needs REDIS_URL; vitest.config.ts leaves it out of runs where REDIS_URL is unset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/test-app.ts';
import { createVerifiedUser, post, uniqueEmail } from './support/auth.ts';
import { visitorAddresses } from './support/http.ts';

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) {
  throw new Error(
    'sign-in-delay-redis.test.ts needs REDIS_URL (e.g. REDIS_URL=redis://127.0.0.1:6379) to share counters between two instances.',
  );
}

describe('the per-account sign-in delay shared through Redis (REDIS_URL)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const config = { AUTH_ACCOUNT_FAILURES_BEFORE_DELAY: 4, REDIS_URL, TRUST_PROXY: ['127.0.0.1'] };
    a = await buildTestApp(config, { seedDemo: false });
    b = await buildTestApp(config, { seedDemo: false });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it("counts one address's failures on every instance, from every visitor", async () => {
    const email = uniqueEmail('shared-target');
    const visitors = visitorAddresses(6);
    const guess = (t: TestApp, i: number) =>
      post(t.app, '/api/v1/auth/login', { email, password: `guess ${i}` }, { 'x-forwarded-for': visitors[i]! });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await guess(i % 2 ? b : a, i)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('forgets them on every instance after the right password on one', async () => {
    // The account lives in instance a's database; b counts its address all the same.
    const { email, password } = await createVerifiedUser(a.app);
    const visitors = visitorAddresses(8);
    const guess = (t: TestApp, i: number) =>
      post(t.app, '/api/v1/auth/login', { email, password: `guess ${i}` }, { 'x-forwarded-for': visitors[i]! });
    for (let i = 0; i < 3; i++) expect((await guess(b, i)).statusCode).toBe(401);
    expect((await post(a.app, '/api/v1/auth/login', { email, password }, { 'x-forwarded-for': visitors[3]! })).statusCode).toBe(200);
    for (let i = 4; i < 8; i++) expect((await guess(b, i)).statusCode).toBe(401);
  });
});
