import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletHistoryResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { as, createShopper, STARTER_POUCH, type Shopper } from '../../../test/support/checkout.ts';
import { buyNow } from '../checkout/index.ts';
import { appendLedgerEntries, type LedgerCredit } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
});
afterAll(() => t.close());

const history = (s: Shopper, query = '') => as(t.app, s, { method: 'GET', url: `/api/v1/wallet/history${query}` });

/** Each entry in its own transaction, in order, so the later one is the newer. */
async function credit(entries: Omit<LedgerCredit, 'reference'>[], tag: string): Promise<void> {
  for (const [i, e] of entries.entries()) {
    await t.database.db.transaction((tx) => appendLedgerEntries(tx, [{ ...e, reference: `test:${tag}:${i}` }]));
  }
}

describe('GET /api/v1/wallet/history', () => {
  it("lists only the shopper's own entries, newest first, each with its kind", async () => {
    const s = await createShopper(t.database.db);
    const other = await createShopper(t.database.db);
    await credit(
      [
        { userId: s.id, wallet: 'purchasedWallet', amount: 500, reason: 'purchase' },
        { userId: other.id, wallet: 'winWallet', amount: 9_999, reason: 'win' },
        { userId: s.id, wallet: 'winWallet', amount: 120, reason: 'win' },
        { userId: s.id, wallet: 'purchasedWallet', amount: -500, reason: 'reversal' },
        { userId: s.id, wallet: 'stackingWallet', amount: 40, reason: 'demo-opening-balance' },
      ],
      s.id,
    );

    const res = await history(s);
    expect(res.statusCode).toBe(200);
    const { data } = walletHistoryResponse.parse(res.json());
    expect(data.total).toBe(4);
    expect(data.page).toBe(1);
    expect(data.limit).toBe(20);
    expect(data.entries.map((e) => [e.wallet, e.amount, e.kind])).toEqual([
      ['stackingWallet', 40, 'adjustment'],
      ['purchasedWallet', -500, 'reversal'],
      ['winWallet', 120, 'win'],
      ['purchasedWallet', 500, 'purchase'],
    ]);
    expect(data.entries[0]!.reference).toBe(`test:${s.id}:4`);
    expect(JSON.stringify(data)).not.toContain('9999');

    const theirs = walletHistoryResponse.parse((await history(other)).json()).data;
    expect(theirs.total).toBe(1);
    expect(theirs.entries.map((e) => e.amount)).toEqual([9_999]);
  });

  it('gives each entry the balance just after it (the cash-out hold left out) and names the order it is about', async () => {
    const s = await createShopper(t.database.db);
    const other = await createShopper(t.database.db);
    const order = await buyNow(t.database.db, s.id, { kind: 'product', itemId: STARTER_POUCH, quantity: 1 });
    const othersOrder = await buyNow(t.database.db, other.id, { kind: 'product', itemId: STARTER_POUCH, quantity: 1 });
    await credit(
      [
        { userId: s.id, wallet: 'winWallet', amount: 1_000, reason: 'win' },
        { userId: s.id, wallet: 'winWallet', amount: -400, reason: 'cashOutHold' },
        { userId: s.id, wallet: 'cashOutHold', amount: 400, reason: 'cashOutHold' },
      ],
      `${s.id}:balance`,
    );
    await t.database.db.transaction((tx) =>
      appendLedgerEntries(tx, [
        { userId: s.id, wallet: 'purchasedWallet', amount: 500, reason: 'purchase', reference: `order:${order._id}` },
        // A reference naming someone else's order names no order.
        { userId: s.id, wallet: 'stackingWallet', amount: 5, reason: 'bonus', reference: `order:${othersOrder._id}` },
      ]),
    );
    const entries = walletHistoryResponse.parse((await history(s)).json()).data.entries;
    expect(entries.map((e) => [e.wallet, e.amount, e.balanceAfter])).toEqual([
      ['stackingWallet', 5, 1_105],
      ['purchasedWallet', 500, 1_100],
      ['cashOutHold', 400, 600],
      ['winWallet', -400, 600],
      ['winWallet', 1_000, 1_000],
    ]);
    expect(entries.map((e) => e.order)).toEqual([null, { id: order._id, number: order.number }, null, null, null]);
  });

  it('pages stably: the pages together are the whole list once, in order', async () => {
    const s = await createShopper(t.database.db);
    // Several entries in one transaction share a timestamp: the id breaks the tie.
    await t.database.db.transaction((tx) =>
      appendLedgerEntries(tx, [
        { userId: s.id, wallet: 'purchasedWallet', amount: 1, reason: 'purchase', reference: `same:${s.id}` },
        { userId: s.id, wallet: 'winWallet', amount: 2, reason: 'win', reference: `same:${s.id}` },
        { userId: s.id, wallet: 'stackingWallet', amount: 3, reason: 'bonus', reference: `same:${s.id}` },
      ]),
    );
    await credit(
      [4, 5, 6, 7].map((amount) => ({ userId: s.id, wallet: 'winWallet' as const, amount, reason: 'win' })),
      s.id,
    );
    const whole = walletHistoryResponse.parse((await history(s, '?limit=100')).json()).data.entries;
    expect(whole).toHaveLength(7);
    const paged = [];
    for (const page of [1, 2, 3]) {
      const { data } = walletHistoryResponse.parse((await history(s, `?page=${page}&limit=3`)).json());
      expect(data.total).toBe(7);
      paged.push(...data.entries);
    }
    expect(paged.map((e) => e.id)).toEqual(whole.map((e) => e.id));
    expect(whole.map((e) => e.amount)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    const beyond = walletHistoryResponse.parse((await history(s, '?page=4&limit=3')).json()).data;
    expect(beyond).toMatchObject({ entries: [], total: 7, page: 4, limit: 3 });
  });

  it.each([
    ['?page=0', 'page'],
    ['?page=-1', 'page'],
    ['?page=1.5', 'page'],
    ['?page=abc', 'page'],
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
    ['?limit=', 'limit'],
    ['?wallet=winWallet', 'wallet'],
  ])('rejects %s with a 400 naming the field', async (query, field) => {
    const s = await createShopper(t.database.db);
    const res = await history(s, query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field });
  });

  it('needs a signed-in shopper', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/wallet/history' })).statusCode).toBe(401);
  });
});
