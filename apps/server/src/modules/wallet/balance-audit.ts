// The wallet's balance rows against the ledger they sum (ADR 061). The database keeps the rows in the same
// statement as each entry (0055's trigger), so they agree by construction; this job is how we would learn
// that they stopped agreeing (a trigger dropped by hand, a restore of one table without the other). It reads
// the whole ledger, so it runs once an hour, not with every background pass. It reports; it never rewrites a
// balance: which side is wrong is for a person to find out.
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { BackgroundJob } from '../../background/work.ts';
import type { Db } from '../../db/client.ts';
import { ledgerEntries, walletBalances } from '../../db/schema.ts';

/** How often the audit reads the whole ledger. */
export const BALANCE_AUDIT_EVERY_MS = 60 * 60 * 1000;
/** At most this many disagreements are named in one pass (the count of them is always given). */
const DRIFT_REPORT_LIMIT = 20;

export interface BalanceDrift {
  userId: string;
  wallet: string;
  /** What the balance row says (null: no row). */
  balance: { coins: number; entries: number } | null;
  /** What the ledger sums to (null: no entries). */
  ledger: { coins: number; entries: number } | null;
}

/** Every (shopper, wallet) whose balance row disagrees with its ledger entries, in one statement (one snapshot). */
export async function findBalanceDrift(db: Db): Promise<BalanceDrift[]> {
  const ledger = db.$with('ledger').as(
    db
      .select({
        userId: ledgerEntries.userId,
        wallet: ledgerEntries.wallet,
        coins: sql<string>`sum(${ledgerEntries.amount})`.as('ledger_coins'),
        entries: sql<string>`count(*)`.as('ledger_entry_count'),
      })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.userId, ledgerEntries.wallet),
  );
  const rows = await db
    .with(ledger)
    .select({
      userId: sql<string>`coalesce(${walletBalances.userId}, ${ledger.userId})`,
      wallet: sql<string>`coalesce(${walletBalances.wallet}, ${ledger.wallet})`,
      balanceCoins: walletBalances.coins,
      balanceEntries: walletBalances.entries,
      ledgerCoins: ledger.coins,
      ledgerEntries: ledger.entries,
    })
    .from(walletBalances)
    .fullJoin(ledger, and(eq(ledger.userId, walletBalances.userId), eq(ledger.wallet, walletBalances.wallet)))
    .where(sql`${walletBalances.coins} IS DISTINCT FROM ${ledger.coins} OR ${walletBalances.entries} IS DISTINCT FROM ${ledger.entries}`)
    .orderBy(sql`1`, sql`2`);
  return rows.map((row) => ({
    userId: row.userId,
    wallet: row.wallet,
    balance: row.balanceCoins === null ? null : { coins: row.balanceCoins, entries: Number(row.balanceEntries) },
    ledger: row.ledgerCoins === null ? null : { coins: Number(row.ledgerCoins), entries: Number(row.ledgerEntries) },
  }));
}

/** The background job: at its first pass, then once every BALANCE_AUDIT_EVERY_MS; disagreements are logged as errors. */
export function balanceAuditJob(deps: { db: Db; log: FastifyBaseLogger; now?: () => number }): BackgroundJob {
  const now = deps.now ?? Date.now;
  let lastRun: number | null = null;
  return {
    name: 'wallet.balance-audit',
    async run() {
      if (lastRun !== null && now() - lastRun < BALANCE_AUDIT_EVERY_MS) return;
      lastRun = now();
      try {
        const drift = await findBalanceDrift(deps.db);
        if (drift.length === 0) return;
        deps.log.error(
          { disagreements: drift.length, first: drift.slice(0, DRIFT_REPORT_LIMIT) },
          'wallet balances disagree with the ledger',
        );
      } catch (err) {
        // Its own failure (the database away, the statement timed out) must not hold up the other jobs; the next hour tries again.
        deps.log.warn({ err }, 'wallet balance audit failed');
      }
    },
  };
}
