// Two instances of the store share the database and Redis, and each keeps the sessions it has just seen
// (ADR 060). A session ended on instance A must stop signing requests in on instance B as soon as A's
// answer is out, though B looked it up a moment before: the end reaches B's cache through Redis.
// This file needs REDIS_URL; vitest.config.ts leaves it out of runs where REDIS_URL is unset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildAnotherInstance, buildTestApp, type TestApp } from './support/test-app.ts';
import { createShopper } from './support/checkout.ts';
import { createAdmin } from './support/cashout.ts';

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) {
  throw new Error(
    'session-cache-redis.test.ts needs REDIS_URL (e.g. REDIS_URL=redis://127.0.0.1:6379) to run two instances against one Redis.',
  );
}

// The live re-check is an hour away: only the end announced by the other instance can reach an instance.
const config = { REDIS_URL, LIVE_SESSION_RECHECK_MS: 3_600_000 };
let a: TestApp;
let instanceA: FastifyInstance;
let instanceB: FastifyInstance;
const database = () => a.database;

beforeAll(async () => {
  a = await buildTestApp(config, { seedDemo: false });
  instanceA = a.app;
  instanceB = await buildAnotherInstance(a, config);
});

afterAll(async () => {
  await instanceB?.close();
  await a?.close();
});

const getUser = (instance: FastifyInstance, token: string) =>
  instance.inject({ method: 'GET', url: '/api/v1/getuser', headers: { 'x-auth-token': token } });

describe('the session cache across instances', () => {
  it('a sign-out on A is refused on B at once, though B had just served the session', async () => {
    const shopper = await createShopper(database().db);
    const other = await createShopper(database().db);
    expect((await getUser(instanceB, shopper.token)).statusCode).toBe(200);
    expect((await getUser(instanceB, other.token)).statusCode).toBe(200);

    const out = await instanceA.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { 'x-auth-token': shopper.token } });
    expect(out.statusCode).toBe(200);

    const refused = await getUser(instanceB, shopper.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    // Another shopper's session is not touched.
    expect((await getUser(instanceB, other.token)).statusCode).toBe(200);
  });

  it("an admin's revoke on A ends every session of the user on B at once", async () => {
    const admin = await createAdmin(database().db);
    const shopper = await createShopper(database().db);
    expect((await getUser(instanceB, shopper.token)).statusCode).toBe(200);

    const revoke = await instanceA.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${shopper.id}/revoke-sessions`,
      headers: { 'x-auth-token': admin.token },
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toMatchObject({ success: true, data: { userId: shopper.id, revokedSessions: 1 } });

    expect((await getUser(instanceB, shopper.token)).statusCode).toBe(401);
    expect((await getUser(instanceA, shopper.token)).statusCode).toBe(401);
    expect((await getUser(instanceB, admin.token)).statusCode).toBe(200);
  });
});
