import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { distributorCreditResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createShopper } from '../../../test/support/checkout.ts';
import { collectEvents, connectShopperSocket } from '../../../test/support/live-client.ts';
import { distributorCredits, ledgerEntries } from '../../db/schema.ts';
import { getDistributorKeys, saveDistributorKeys } from '../settings/index.ts';
import { getWalletCoins } from '../wallet/index.ts';
import { DEMO_DISTRIBUTOR, seedDemoDistributor, signCredit, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './index.ts';

const KEY = 'a-test-distributor-key-of-at-least-32-chars';
const OTHER_KEY = 'another-distributor-key-of-at-least-32-chars';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
  await saveDistributorKeys(t.database.db, { 'lucky-games': KEY, 'other-games': OTHER_KEY });
  // Real HTTP, so parallel requests really are parallel.
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

const now = () => String(Math.floor(Date.now() / 1000));

interface Send {
  distributor?: string;
  body: unknown;
  key?: string;
  timestamp?: string;
  signature?: string;
}

async function send({ distributor = 'lucky-games', body, key = KEY, timestamp = now(), signature }: Send) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await fetch(`${baseUrl}/api/v1/third-party/distributors/${distributor}/credits`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [TIMESTAMP_HEADER]: timestamp,
      [SIGNATURE_HEADER]: signature ?? signCredit(key, timestamp, raw),
    },
    body: raw,
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const winWallet = async (userId: string) => (await getWalletCoins(t.database.db, userId)).winWallet;
const creditRows = (transactionId: string) =>
  t.database.db.select().from(distributorCredits).where(eq(distributorCredits.transactionId, transactionId));

describe('POST /api/v1/third-party/distributors/{distributor}/credits', () => {
  it('credits winWallet through the ledger as a win', async () => {
    const s = await createShopper(t.database.db);
    const res = await send({ body: { transactionId: `tx-${s.id}`, userId: s.id, amount: 250, reason: 'Jackpot' } });
    expect(res.status).toBe(200);
    expect(distributorCreditResponse.parse(res.json).data).toEqual({
      transactionId: `tx-${s.id}`,
      userId: s.id,
      amount: 250,
      applied: true,
    });
    expect(await getWalletCoins(t.database.db, s.id)).toEqual({ purchasedWallet: 0, winWallet: 250, stackingWallet: 0 });
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, s.id));
    expect(entries).toMatchObject([{ wallet: 'winWallet', amount: 250, reason: 'win', reference: `distributor:lucky-games:tx-${s.id}` }]);
  });

  it('applies the same credit sent 10 times at once exactly once', async () => {
    const s = await createShopper(t.database.db);
    const body = { transactionId: `burst-${s.id}`, userId: s.id, amount: 700 };
    const answers = await Promise.all(Array.from({ length: 10 }, () => send({ body })));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => (a.json.data as { applied: boolean }).applied)).toHaveLength(1);
    expect(await winWallet(s.id)).toBe(700);
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, s.id))).toHaveLength(1);
    // A later repeat too.
    const again = await send({ body });
    expect(again.status).toBe(200);
    expect(again.json.data).toMatchObject({ applied: false });
    expect(await winWallet(s.id)).toBe(700);
  });

  it("tells the shopper's open tabs: the new balance and a toast, once per credit however often it is sent", async () => {
    const s = await createShopper(t.database.db);
    const socket = await connectShopperSocket(baseUrl, s);
    try {
      const wallets = collectEvents(socket, 'walletUpdated');
      const toasts = collectEvents(socket, 'notification');
      const first = { transactionId: `live-a-${s.id}`, userId: s.id, amount: 1250 };
      await Promise.all(Array.from({ length: 3 }, () => send({ body: first })));
      // A second, different credit after the repeats: if a repeat had announced anything, it would show before this one.
      await send({ body: { transactionId: `live-b-${s.id}`, userId: s.id, amount: 50 } });
      await vi.waitFor(() => expect(toasts).toHaveLength(2), { timeout: 30_000, interval: 50 });
      expect(toasts).toEqual([
        { type: 'success', content: 'You won 1,250 coins! They are in your winnings wallet.' },
        { type: 'success', content: 'You won 50 coins! They are in your winnings wallet.' },
      ]);
      expect(wallets.map((w) => w.coins.winWallet)).toEqual([1250, 1300]);
    } finally {
      socket.disconnect();
    }
  });

  it('refuses a replay of the transaction id with another amount or shopper (409), changing nothing', async () => {
    const s = await createShopper(t.database.db);
    const other = await createShopper(t.database.db);
    const transactionId = `replay-${s.id}`;
    expect((await send({ body: { transactionId, userId: s.id, amount: 100 } })).status).toBe(200);
    const more = await send({ body: { transactionId, userId: s.id, amount: 100_000 } });
    expect(more.status).toBe(409);
    expect(more.json).toMatchObject({ success: false, code: 'CONFLICT', field: 'transactionId' });
    expect((await send({ body: { transactionId, userId: other.id, amount: 100 } })).status).toBe(409);
    expect(await winWallet(s.id)).toBe(100);
    expect(await winWallet(other.id)).toBe(0);
  });

  it('keeps transaction ids apart per distributor', async () => {
    const s = await createShopper(t.database.db);
    const body = { transactionId: `shared-${s.id}`, userId: s.id, amount: 10 };
    expect((await send({ body })).json.data).toMatchObject({ applied: true });
    expect((await send({ distributor: 'other-games', key: OTHER_KEY, body })).json.data).toMatchObject({ applied: true });
    expect(await winWallet(s.id)).toBe(20);
  });

  it.each([
    ['a wrong key', { key: 'not-the-distributors-key-at-all-000000' }],
    ["another distributor's key", { key: OTHER_KEY }],
    ['an unknown distributor', { distributor: 'nobody-games' }],
    ['a signature over another body', { signature: signCredit(KEY, now(), '{"amount":1}') }],
  ])('refuses %s with 401, changing nothing', async (_name, opts) => {
    const s = await createShopper(t.database.db);
    const transactionId = `forged-${s.id}`;
    const res = await send({ body: { transactionId, userId: s.id, amount: 500 }, ...opts });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ success: false, code: 'INVALID_SIGNATURE' });
    expect(await winWallet(s.id)).toBe(0);
    expect(await creditRows(transactionId)).toEqual([]);
  });

  it('refuses a body changed after signing with 401', async () => {
    const s = await createShopper(t.database.db);
    const timestamp = now();
    const signature = signCredit(KEY, timestamp, JSON.stringify({ transactionId: `t-${s.id}`, userId: s.id, amount: 1 }));
    const res = await send({ body: { transactionId: `t-${s.id}`, userId: s.id, amount: 9_000 }, timestamp, signature });
    expect(res.status).toBe(401);
    expect(await winWallet(s.id)).toBe(0);
  });

  it.each([
    ['6 minutes old', -6 * 60],
    ['6 minutes ahead', 6 * 60],
  ])('refuses a genuine signature %s with 400, changing nothing', async (_name, offset) => {
    const s = await createShopper(t.database.db);
    const timestamp = String(Math.floor(Date.now() / 1000) + offset);
    const res = await send({ body: { transactionId: `stale-${s.id}`, userId: s.id, amount: 5 }, timestamp });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: 'STALE_REQUEST', field: TIMESTAMP_HEADER });
    expect(await winWallet(s.id)).toBe(0);
  });

  it.each([
    ['missing timestamp', { timestamp: '' }, TIMESTAMP_HEADER],
    ['malformed signature', { signature: 'abc' }, SIGNATURE_HEADER],
  ])('answers a %s with 400 naming the header', async (_name, opts, field) => {
    const s = await createShopper(t.database.db);
    const res = await send({ body: { transactionId: `h-${s.id}`, userId: s.id, amount: 5 }, ...opts });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ field });
    expect(await winWallet(s.id)).toBe(0);
  });

  it.each([
    [{ amount: 0 }, 'amount'],
    [{ amount: -5 }, 'amount'],
    [{ amount: 1.5 }, 'amount'],
    [{ amount: '5' }, 'amount'],
    [{ transactionId: '' }, 'transactionId'],
    [{ userId: undefined }, 'userId'],
    [{ reason: 'a\u0000b' }, 'reason'],
    [{ extra: 1 }, 'extra'],
  ])('answers a signed body with %o with 400 naming %s, changing nothing', async (change, field) => {
    const s = await createShopper(t.database.db);
    const body = { transactionId: `v-${s.id}`, userId: s.id, amount: 5, ...change };
    const res = await send({ body });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field });
    expect(await winWallet(s.id)).toBe(0);
  });

  it('answers a signed body that is not JSON with 400', async () => {
    const res = await send({ body: 'not json' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ field: 'body' });
  });

  it('answers an unknown shopper with 404, recording nothing', async () => {
    const transactionId = `ghost-${Date.now()}`;
    const res = await send({ body: { transactionId, userId: 'no-such-user', amount: 5 } });
    expect(res.status).toBe(404);
    expect(await creditRows(transactionId)).toEqual([]);
  });

  it('the demo seed never overwrites a distributors row that exists', async () => {
    await seedDemoDistributor(t.database.db);
    const keys = await getDistributorKeys(t.database.db);
    expect(keys['lucky-games']).toBe(KEY);
    expect(keys[DEMO_DISTRIBUTOR.id]).toBeUndefined();
  });
});
