// GET v1/getuser keeps each shopper's answer in memory (issue 26, ADR 064) and must still answer what the database
// holds when the request came in: after a change through another instance of the store, or behind the store's back.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildAnotherInstance, buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createShopper, type Shopper } from '../../../test/support/checkout.ts';

const queries: string[] = [];
let t: TestApp;
let other: FastifyInstance;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false, logQuery: (sql) => queries.push(sql) });
  other = await buildAnotherInstance(t);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const getUser = (app: FastifyInstance, shopper: Shopper) =>
  app.inject({ method: 'GET', url: '/api/v1/getuser', headers: { 'x-auth-token': shopper.token } });

/** A getuser answered from what the instance keeps: the shopper's tables not asked (the session is cached too). */
async function keptAnswer(app: FastifyInstance, shopper: Shopper) {
  await vi.waitFor(
    async () => {
      queries.length = 0;
      const res = await getUser(app, shopper);
      expect(res.statusCode).toBe(200);
      expect(queries.filter((q) => /"(users|wallet_balances|kyc_records|social_identities)"/.test(q))).toEqual([]);
    },
    { timeout: 30_000, interval: 20 },
  );
}

describe('getuser kept in memory', () => {
  it("answers a shopper's second getuser without reading their rows", async () => {
    const shopper = await createShopper(t.database.db);
    await keptAnswer(t.app, shopper);
    const body = (await getUser(t.app, shopper)).json();
    expect(body.data).toMatchObject({ _id: shopper.id, firstname: 'Mei', coins: { purchasedWallet: 0, winWallet: 0, stackingWallet: 0 } });
    expect(body.provider).toBe('');
  });

  it('shows a profile changed through another instance on the next call, though the answer was kept', async () => {
    const shopper = await createShopper(t.database.db);
    await keptAnswer(t.app, shopper);
    const saved = await other.inject({
      method: 'PUT',
      url: '/api/v1/user/profile',
      headers: { 'x-auth-token': shopper.token },
      payload: {
        firstname: 'Ana',
        lastname: 'Lin',
        address: { street: '1 Main St', city: 'Austin', state: 'TX', zipCode: '73301', country: 'US' },
      },
    });
    expect(saved.statusCode).toBe(200);
    const body = (await getUser(t.app, shopper)).json();
    expect(body.data).toMatchObject({ firstname: 'Ana', address: { state: 'TX' } });
  });

  it('shows coins credited behind the store’s back on the next call', async () => {
    const shopper = await createShopper(t.database.db);
    await keptAnswer(t.app, shopper);
    await t.database.rawTransaction((q) =>
      q.query(`INSERT INTO ledger_entries (user_id, wallet, amount, reason, reference) VALUES ($1, 'purchasedWallet', 500, 'test', $2)`, [
        shopper.id,
        `kept:${shopper.id}`,
      ]),
    );
    expect((await getUser(t.app, shopper)).json().data.coins).toEqual({ purchasedWallet: 500, winWallet: 0, stackingWallet: 0 });
  });
});
