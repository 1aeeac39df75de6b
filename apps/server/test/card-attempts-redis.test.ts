// Two instances sharing one Redis share their card-attempt counters (modules/payments/card-attempts.ts).
// This file needs REDIS_URL; vitest.config.ts leaves it out of runs where REDIS_URL is unset.
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/test-app.ts';
import { sessions, users } from '../src/db/schema.ts';
import { as, createShopper, type Shopper } from './support/checkout.ts';
import { SANDBOX_CARDS } from './support/payments.ts';
import { tokenizeCard } from './support/vault.ts';

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) {
  throw new Error(
    'card-attempts-redis.test.ts needs REDIS_URL (e.g. REDIS_URL=redis://127.0.0.1:6379) to share counters between two instances.',
  );
}

describe('card-attempt limits shared through Redis (REDIS_URL)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // Both instances trust app.inject's peer to name the visitor, so each run is its own address.
    const config = { CARD_ATTEMPTS_PER_SHOPPER: 3, CARD_ATTEMPTS_PER_ADDRESS: 1000, REDIS_URL, TRUST_PROXY: ['127.0.0.1'] };
    a = await buildTestApp(config, { seedDemo: false });
    b = await buildTestApp(config, { seedDemo: false });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  /** One shopper signed in on both instances (each test app has a database of its own). */
  async function shopperOnBoth(): Promise<Shopper> {
    const shopper = await createShopper(a.database.db);
    await b.database.db.insert(users).values(await a.database.db.select().from(users).where(eq(users.id, shopper.id)));
    await b.database.db.insert(sessions).values(await a.database.db.select().from(sessions).where(eq(sessions.userId, shopper.id)));
    return shopper;
  }

  it("counts one shopper's card checks across instances", async () => {
    const shopper = await shopperOnBoth();
    const headers = { 'x-forwarded-for': `203.0.113.${randomInt(1, 255)}` };
    const check = async (t: TestApp) =>
      as(t.app, shopper, {
        method: 'POST',
        url: '/api/v1/nuvei/init',
        payload: { cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless) },
        headers,
      });
    expect((await check(a)).statusCode).toBe(200);
    expect((await check(b)).statusCode).toBe(200);
    expect((await check(a)).statusCode).toBe(200);
    const fourth = await check(b);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ success: false, code: 'CARD_ATTEMPTS_LIMITED' });
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("one instance's count refuses the other's other card paths (the cashier's page, the embedded checkout's session)", async () => {
    const shopper = await shopperOnBoth();
    const headers = { 'x-forwarded-for': `203.0.113.${randomInt(1, 255)}` };
    const declined = await as(a.app, shopper, {
      method: 'POST',
      url: '/api/v1/nuvei/init',
      payload: { cardToken: await tokenizeCard(a.app, SANDBOX_CARDS.declined) },
      headers,
    });
    expect(declined.statusCode).toBe(402);
    // 4 of 3 at instance a: at instance b, refused before the order is even looked at.
    for (const refused of [
      await as(b.app, shopper, { method: 'POST', url: '/api/v1/nuvei/cashier', payload: { orderId: 'any-order' }, headers }),
      await as(b.app, shopper, { method: 'GET', url: '/api/v1/payment/coinflow/session?gameProvider=any-game', headers }),
    ]) {
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.json()).toMatchObject({ success: false, code: 'CARD_ATTEMPTS_LIMITED' });
    }
  });
});
