import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { walletAdjustmentResponse, walletHistoryResponse } from '@store/shared';
import { collectEvents, connectShopperSocket } from '../../../test/support/live-client.ts';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { as, createShopper, type Shopper } from '../../../test/support/checkout.ts';
import { ledgerEntries, users, walletAdjustments } from '../../db/schema.ts';
import { getWalletCoins } from './index.ts';

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

const adjust = (who: Shopper, payload: Record<string, unknown>) =>
  as(t.app, who, { method: 'POST', url: '/api/v1/admin/wallet/adjustments', payload });

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
