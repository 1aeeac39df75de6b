import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { walletAdjustmentResponse, walletHistoryResponse } from '@store/shared';
import { collectEvents, connectShopperSocket } from '../../../test/support/live-client.ts';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { as, createShopper, type Shopper } from '../../../test/support/checkout.ts';
import { adjustWalletAs } from '../../../test/support/wallet.ts';
import { ledgerEntries, users, walletAdjustments } from '../../db/schema.ts';
import { getWalletCoins } from './index.ts';
import { adjustWallet } from './adjustments.ts';

let t: TestApp;
let admin: Shopper;
let baseUrl: string;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  admin = await createShopper(t.database.db);
  await t.database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, admin.id));
});
afterAll(() => t.close());

const adjust = (who: Shopper, payload: Record<string, unknown>, idempotencyKey?: string) =>
  adjustWalletAs(t.app, who, payload, idempotencyKey);

describe('POST /api/v1/admin/wallet/adjustments', () => {
  it("tells the shopper's open tabs: the new balance and a toast with the coins, never the admin's reason", async () => {
    const s = await createShopper(t.database.db);
    const socket = await connectShopperSocket(baseUrl, s);
    try {
      const wallets = collectEvents(socket, 'walletUpdated');
      const toasts = collectEvents(socket, 'notification');
      await adjust(admin, { userId: s.id, wallet: 'stackingWallet', amount: 2000, reason: 'Goodwill, internal ticket 7' });
      await adjust(admin, { userId: s.id, wallet: 'stackingWallet', amount: -500, reason: 'Partly reverted' });
      await vi.waitFor(() => expect(toasts).toHaveLength(2), { timeout: 30_000, interval: 50 });
      expect(toasts).toEqual([
        { type: 'success', content: '2,000 coins were added to your promotional wallet.' },
        { type: 'info', content: '500 coins were taken from your promotional wallet by the store.' },
      ]);
      expect(wallets.map((w) => w.coins.stackingWallet)).toEqual([2000, 1500]);
    } finally {
      socket.disconnect();
    }
  });

  it('moves the coins through the ledger as an adjustment, recording who, when and why', async () => {
    const s = await createShopper(t.database.db);
    const res = await adjust(admin, { userId: s.id, wallet: 'winWallet', amount: 300, reason: 'Prize paid by hand (ticket 42)' });
    expect(res.statusCode).toBe(200);
    const { data } = walletAdjustmentResponse.parse(res.json());
    expect(data).toMatchObject({
      userId: s.id,
      wallet: 'winWallet',
      amount: 300,
      reason: 'Prize paid by hand (ticket 42)',
      adminId: admin.id,
    });
    expect(data.coins).toEqual({ purchasedWallet: 0, winWallet: 300, stackingWallet: 0 });
    const [row] = await t.database.db.select().from(walletAdjustments).where(eq(walletAdjustments.id, data.id));
    expect(row).toMatchObject({ adminId: admin.id, userId: s.id, amount: 300 });
    expect(row!.createdAt.toISOString()).toBe(data.createdAt);

    const taken = await adjust(admin, { userId: s.id, wallet: 'winWallet', amount: -120, reason: 'Duplicate prize' });
    expect(taken.statusCode).toBe(200);
    expect(await getWalletCoins(t.database.db, s.id)).toEqual({ purchasedWallet: 0, winWallet: 180, stackingWallet: 0 });

    // The shopper sees both in the wallet history, newest first.
    const history = walletHistoryResponse.parse((await as(t.app, s, { method: 'GET', url: '/api/v1/wallet/history' })).json()).data;
    expect(history.entries.map((e) => [e.kind, e.wallet, e.amount])).toEqual([
      ['adjustment', 'winWallet', -120],
      ['adjustment', 'winWallet', 300],
    ]);
  });

  it('never takes a wallet below zero (422 naming amount), even with adjustments at once', async () => {
    const s = await createShopper(t.database.db);
    await adjust(admin, { userId: s.id, wallet: 'stackingWallet', amount: 100, reason: 'Welcome coins' });
    const over = await adjust(admin, { userId: s.id, wallet: 'stackingWallet', amount: -101, reason: 'Too much' });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ success: false, field: 'amount' });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => adjust(admin, { userId: s.id, wallet: 'stackingWallet', amount: -60, reason: 'Clawback' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422, 422, 422, 422]);
    expect((await getWalletCoins(t.database.db, s.id)).stackingWallet).toBe(40);
  });

  it('is for admins only: a shopper gets 403, a guest 401, and nothing moves', async () => {
    const s = await createShopper(t.database.db);
    const mine = await adjust(s, { userId: s.id, wallet: 'winWallet', amount: 1_000, reason: 'I deserve it' });
    expect(mine.statusCode).toBe(403);
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/wallet/adjustments',
      payload: { userId: s.id, wallet: 'winWallet', amount: 1_000, reason: 'x' },
    });
    expect(guest.statusCode).toBe(401);
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, s.id))).toEqual([]);
  });

  it.each([
    [{ amount: 0 }, 'amount'],
    [{ amount: 2.5 }, 'amount'],
    [{ amount: '10' }, 'amount'],
    [{ wallet: 'bankWallet' }, 'wallet'],
    [{ reason: '' }, 'reason'],
    [{ reason: '   ' }, 'reason'],
    [{ reason: undefined }, 'reason'],
    [{ userId: undefined }, 'userId'],
    [{ note: 'x' }, 'note'],
  ])('answers %o with 400 naming %s, changing nothing', async (change, field) => {
    const s = await createShopper(t.database.db);
    const res = await adjust(admin, { userId: s.id, wallet: 'winWallet', amount: 10, reason: 'Because', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field });
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, s.id))).toEqual([]);
  });

  it('answers an unknown shopper with 404', async () => {
    const res = await adjust(admin, { userId: 'no-such-user', wallet: 'winWallet', amount: 10, reason: 'Because' });
    expect(res.statusCode).toBe(404);
  });
});

describe('adjustments are idempotent by the admin’s key, bounded, and never the admin’s own (issue 21)', () => {
  const ledgerOf = (userId: string) => t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
  const adjustmentsOf = (userId: string) => t.database.db.select().from(walletAdjustments).where(eq(walletAdjustments.userId, userId));

  it('a retry with the same key and body answers the first adjustment again and moves nothing more', async () => {
    const s = await createShopper(t.database.db);
    const body = { userId: s.id, wallet: 'winWallet', amount: 250, reason: 'Prize (ticket 9)' };
    const first = await adjust(admin, body, 'retry-key-0001');
    expect(first.statusCode, first.body).toBe(200);
    // A later adjustment by another key, so the retry's answer must come from the first, not from now.
    expect((await adjust(admin, { ...body, amount: 5, reason: 'Other' })).statusCode).toBe(200);
    const again = await adjust(admin, body, 'retry-key-0001');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(first.json().data.coins.winWallet).toBe(250);
    expect(await getWalletCoins(t.database.db, s.id)).toMatchObject({ winWallet: 255 });
    expect(await ledgerOf(s.id)).toHaveLength(2);
    expect(await adjustmentsOf(s.id)).toHaveLength(2);
  });

  it('the same key sent several times at once moves the coins once, and every answer names that one adjustment', async () => {
    const s = await createShopper(t.database.db);
    const body = { userId: s.id, wallet: 'stackingWallet', amount: 40, reason: 'Double click' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => adjust(admin, body, 'same-time-key-1')));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
    expect((await getWalletCoins(t.database.db, s.id)).stackingWallet).toBe(40);
    expect(await ledgerOf(s.id)).toHaveLength(1);
  });

  it.each([
    ['another amount', { amount: 26 }],
    ['another wallet', { wallet: 'stackingWallet' }],
    ['another reason', { reason: 'Something else' }],
  ])('the same key with %s is a 422 naming the key, and nothing moves', async (what, change) => {
    const s = await createShopper(t.database.db);
    const body = { userId: s.id, wallet: 'winWallet', amount: 25, reason: 'Prize' };
    const key = `reused-key-${what.replaceAll(' ', '-')}`;
    expect((await adjust(admin, body, key)).statusCode).toBe(200);
    const reused = await adjust(admin, { ...body, ...change }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ success: false, code: 'IDEMPOTENCY_KEY_REUSED', field: 'idempotency-key' });
    expect(await ledgerOf(s.id)).toHaveLength(1);
  });

  it("keys are each admin's own: another admin's same key is another adjustment", async () => {
    const other = await createShopper(t.database.db);
    await t.database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, other.id));
    const s = await createShopper(t.database.db);
    const body = { userId: s.id, wallet: 'winWallet', amount: 10, reason: 'Prize' };
    expect((await adjust(admin, body, 'shared-key-0001')).statusCode).toBe(200);
    expect((await adjust(other, body, 'shared-key-0001')).statusCode).toBe(200);
    expect((await getWalletCoins(t.database.db, s.id)).winWallet).toBe(20);
  });

  it.each([
    ['no key', undefined],
    ['a key too short', 'short'],
    ['a key with a space', 'has a space in it'],
    ['a key too long', 'k'.repeat(129)],
  ])('%s is a 400 naming idempotency-key, and nothing moves', async (_what, key) => {
    const s = await createShopper(t.database.db);
    const res = await as(t.app, admin, {
      method: 'POST',
      url: '/api/v1/admin/wallet/adjustments',
      payload: { userId: s.id, wallet: 'winWallet', amount: 10, reason: 'Because' },
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field: 'idempotency-key' });
    expect(await ledgerOf(s.id)).toEqual([]);
  });

  it.each([1_000_001, -1_000_001, 100_000_000])('%i coins is over the cap: 422 naming amount, nothing moves', async (amount) => {
    const s = await createShopper(t.database.db);
    if (amount < 0) await adjust(admin, { userId: s.id, wallet: 'winWallet', amount: 1_000_000, reason: 'Float' });
    const before = await ledgerOf(s.id);
    const res = await adjust(admin, { userId: s.id, wallet: 'winWallet', amount, reason: 'Large' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ success: false, field: 'amount' });
    expect(res.json().message).toContain('at most 1,000,000 coins');
    expect(await ledgerOf(s.id)).toEqual(before);
  });

  it('the cap is the configured one (WALLET_ADJUSTMENT_MAX_COINS)', async () => {
    const s = await createShopper(t.database.db);
    const request = { adminId: admin.id, idempotencyKey: 'configured-cap-1', maxCoins: 500 };
    const body = { userId: s.id, wallet: 'winWallet' as const, reason: 'Configured' };
    await expect(adjustWallet(t.database.db, { ...body, amount: 501 }, request)).rejects.toMatchObject({
      statusCode: 422,
      field: 'amount',
    });
    expect((await adjustWallet(t.database.db, { ...body, amount: 500 }, request)).coins.winWallet).toBe(500);
  });

  it('the cap itself is allowed', async () => {
    const s = await createShopper(t.database.db);
    expect((await adjust(admin, { userId: s.id, wallet: 'winWallet', amount: 1_000_000, reason: 'Cap' })).statusCode).toBe(200);
  });

  it('an admin cannot adjust their own wallets: 403 naming userId, nothing moves', async () => {
    const res = await adjust(admin, { userId: admin.id, wallet: 'winWallet', amount: 1_000, reason: 'For me' });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN', field: 'userId' });
    expect(res.json().message).toContain('cannot adjust your own wallets');
    expect(await ledgerOf(admin.id)).toEqual([]);
  });

  it('a retry over real HTTP (a lost answer, sent again) is answered without moving the coins twice', async () => {
    const s = await createShopper(t.database.db);
    const send = () =>
      fetch(`${baseUrl}/api/v1/admin/wallet/adjustments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-auth-token': admin.token, 'idempotency-key': 'http-retry-key-1' },
        body: JSON.stringify({ userId: s.id, wallet: 'purchasedWallet', amount: 70, reason: 'Lost answer' }),
      });
    const first = await send();
    const retry = await send();
    expect([first.status, retry.status]).toEqual([200, 200]);
    const ids = [(await retry.json()) as { data: { id: string } }, (await first.json()) as { data: { id: string } }].map((b) => b.data.id);
    expect(ids[0]).toBe(ids[1]);
    expect((await getWalletCoins(t.database.db, s.id)).purchasedWallet).toBe(70);
  });
});
