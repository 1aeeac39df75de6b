// Helpers for the cash-out tests (issue 10): a shopper ready to cash out (verified, winnings credited by
// an admin's adjustment, a sandbox bank account linked), an admin, and the ledger checks.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { cashouts, ledgerEntries, users } from '../../src/db/schema.ts';
import { linkBankAccount, SANDBOX_ACCOUNTS, SANDBOX_ROUTING } from './ach.ts';
import { as, createShopper, type Shopper } from './checkout.ts';
import { setVerification } from './kyc.ts';
import { adjustWalletAs } from './wallet.ts';

export async function createAdmin(db: Db): Promise<Shopper> {
  const admin = await createShopper(db);
  await db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, admin.id));
  return admin;
}

/** Winnings through the admin's adjustment API, as an admin would give them. */
export async function creditWinnings(app: FastifyInstance, admin: Shopper, userId: string, amount: number): Promise<void> {
  const res = await adjustWalletAs(app, admin, { userId, wallet: 'winWallet', amount, reason: 'Test winnings' });
  expect(res.statusCode, res.body).toBe(200);
}

export interface CashoutShopper extends Shopper {
  bankId: string;
}

/** Verified (PASSED), in Texas, with `winnings` in winWallet and a linked sandbox bank account. */
export async function readyShopper(
  app: FastifyInstance,
  db: Db,
  admin: Shopper,
  opts: { winnings?: number; state?: string; accountNumber?: string; verified?: boolean } = {},
): Promise<CashoutShopper> {
  const shopper = await createShopper(db, { state: opts.state ?? 'TX' });
  if (opts.verified ?? true) await setVerification(db, shopper.id);
  if (opts.winnings) await creditWinnings(app, admin, shopper.id, opts.winnings);
  const bank = await linkBankAccount(app, shopper, {
    routingNumber: SANDBOX_ROUTING.federal,
    accountNumber: opts.accountNumber ?? SANDBOX_ACCOUNTS.settles,
  });
  return { ...shopper, bankId: bank.userPaymentOptionId };
}

export const requestCashout = (app: FastifyInstance, shopper: Shopper, payload: unknown) =>
  as(app, shopper, { method: 'POST', url: '/api/v1/third-party/requests/cashouts', payload: payload as object });

/** The ledger per wallet for a shopper, including the hold. */
export async function ledgerByWallet(db: Db, userId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ wallet: ledgerEntries.wallet, total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .groupBy(ledgerEntries.wallet);
  return Object.fromEntries(rows.map((r) => [r.wallet, Number(r.total)]));
}

/**
 * The books of a shopper's cash-outs balance: winWallet never below zero, the hold holds exactly the
 * coins of the PENDING and APPROVED cash-outs, and each cash-out's hold entries sum to zero.
 */
export async function expectCashoutBooksBalanced(db: Db, userId: string): Promise<void> {
  const byWallet = await ledgerByWallet(db, userId);
  expect(byWallet.winWallet ?? 0).toBeGreaterThanOrEqual(0);
  const rows = await db.select().from(cashouts).where(eq(cashouts.userId, userId));
  const inFlight = rows.filter((r) => r.status === 'PENDING' || r.status === 'APPROVED').reduce((n, r) => n + r.amount, 0);
  expect(byWallet.cashOutHold ?? 0).toBe(inFlight);
  for (const row of rows) {
    const [hold] = await db
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)`, count: sql<string>`count(*)` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reference, `cashout:${row.id}:hold`));
    expect([Number(hold!.total), Number(hold!.count)]).toEqual([0, 2]);
  }
}
