// The balance rows the database keeps with the ledger (ADR 061): a balance is the ledger's sum whatever the
// traffic, opposite-order transactions of one shopper do not deadlock, and the hourly audit names a row that
// stopped agreeing with its entries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createShopper } from '../../../test/support/checkout.ts';
import { ledgerEntries, walletBalances } from '../../db/schema.ts';
import { appendLedgerEntries, getWalletCoins } from './index.ts';
import { BALANCE_AUDIT_EVERY_MS, balanceAuditJob, findBalanceDrift } from './balance-audit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
});
afterAll(() => t.close());

const db = () => t.database.db;

/** What the ledger itself sums to, per wallet, for one shopper. */
async function ledgerSums(userId: string): Promise<Record<string, number>> {
  const rows = await db()
    .select({ wallet: ledgerEntries.wallet, total: sql<string>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .groupBy(ledgerEntries.wallet);
  return Object.fromEntries(rows.map((r) => [r.wallet, Number(r.total)]));
}

describe('wallet balance rows', () => {
  it('equal the ledger after many transactions at once, in opposite orders, with repeats refused', async () => {
    const s = await createShopper(db());
    await db().transaction((tx) =>
      appendLedgerEntries(tx, [{ userId: s.id, wallet: 'winWallet', amount: 1_000, reason: 'win', reference: `seed:${s.id}` }]),
    );
    // A cash-out's hold ([win −, hold +]) and a rejected one's return ([hold −, win +]) race, each twice
    // with the same reference (the second is refused), beside purchases into another wallet.
    const work = Array.from({ length: 30 }, (_, i) => {
      const ref = `race:${s.id}:${i % 15}`;
      const entries =
        i % 3 === 0
          ? [
              { userId: s.id, wallet: 'winWallet' as const, amount: -10, reason: 'cashOutHold', reference: ref },
              { userId: s.id, wallet: 'cashOutHold' as const, amount: 10, reason: 'cashOutHold', reference: ref },
            ]
          : i % 3 === 1
            ? [
                { userId: s.id, wallet: 'cashOutHold' as const, amount: -4, reason: 'return', reference: ref },
                { userId: s.id, wallet: 'winWallet' as const, amount: 4, reason: 'return', reference: ref },
              ]
            : [{ userId: s.id, wallet: 'purchasedWallet' as const, amount: 25, reason: 'purchase', reference: ref }];
      return db().transaction((tx) => appendLedgerEntries(tx, entries));
    });
    const outcomes = await Promise.allSettled(work);
    // None failed (a deadlock would reject one): each append either applied or was a refused repeat.
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    const applied = outcomes.filter((o) => o.status === 'fulfilled' && o.value === true).length;
    expect(applied).toBe(15);

    const sums = await ledgerSums(s.id);
    const coins = await getWalletCoins(db(), s.id);
    expect(coins).toEqual({ purchasedWallet: sums.purchasedWallet ?? 0, winWallet: sums.winWallet ?? 0, stackingWallet: 0 });
    const wallets = await db().select().from(walletBalances).where(eq(walletBalances.userId, s.id));
    expect(Object.fromEntries(wallets.map((w) => [w.wallet, w.coins]))).toEqual(sums);
    expect(await findBalanceDrift(db())).toEqual([]);
  });

  it('a shopper with no entries has three empty wallets', async () => {
    const s = await createShopper(db());
    expect(await getWalletCoins(db(), s.id)).toEqual({ purchasedWallet: 0, winWallet: 0, stackingWallet: 0 });
  });
});

describe('the balance audit', () => {
  it('names a balance row that disagrees with its entries, logs it as an error, and runs once an hour', async () => {
    const s = await createShopper(db());
    await db().transaction((tx) =>
      appendLedgerEntries(tx, [{ userId: s.id, wallet: 'purchasedWallet', amount: 300, reason: 'purchase', reference: `audit:${s.id}` }]),
    );
    const errors: unknown[] = [];
    const log = { error: (obj: unknown) => errors.push(obj), warn: () => {} } as unknown as FastifyBaseLogger;
    let now = 5_000_000;
    const job = balanceAuditJob({ db: db(), log, now: () => now });

    await job.run();
    expect(errors).toEqual([]);

    // As a restore of one table without the other, or a trigger dropped by hand, would leave it.
    await db().update(walletBalances).set({ coins: 301 }).where(eq(walletBalances.userId, s.id));
    expect(await findBalanceDrift(db())).toEqual([
      { userId: s.id, wallet: 'purchasedWallet', balance: { coins: 301, entries: 1 }, ledger: { coins: 300, entries: 1 } },
    ]);
    now += BALANCE_AUDIT_EVERY_MS - 1;
    await job.run();
    expect(errors).toEqual([]);
    now += 1;
    await job.run();
    expect(errors).toEqual([{ disagreements: 1, first: [expect.objectContaining({ userId: s.id, wallet: 'purchasedWallet' })] }]);

    // Put back, so the file's other audits see a ledger that agrees.
    await db().update(walletBalances).set({ coins: 300 }).where(eq(walletBalances.userId, s.id));
    expect(await findBalanceDrift(db())).toEqual([]);
  });
});
