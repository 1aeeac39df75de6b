import { desc, eq, sql } from 'drizzle-orm';
import type { LedgerEntryKind, WalletHistoryEntry, WalletHistoryQuery } from '@store/shared';
import type { Db } from '../../db/client.ts';
import { ledgerEntries, walletBalances } from '../../db/schema.ts';

/**
 * The ledger's `reason` is written by whoever moves the coins; the history shows one of a fixed set of
 * kinds. Reasons that already are a kind pass through; the older names are mapped here, and anything
 * else (the demo seed's opening balance, a reason added later without a kind) reads as an adjustment.
 */
const KIND_OF_REASON: Record<string, LedgerEntryKind> = {
  purchase: 'purchase',
  bonus: 'bonus',
  win: 'win',
  cashOutHold: 'cashOutHold',
  cashout_hold: 'cashOutHold',
  payout: 'payout',
  return: 'return',
  reversal: 'reversal',
  adjustment: 'adjustment',
  // A gift-card code redeemed into the wallet (the redemption module, issue 24).
  'gift-card': 'giftCard',
};

export const ledgerEntryKindOf = (reason: string): LedgerEntryKind => KIND_OF_REASON[reason] ?? 'adjustment';

/** The order an entry's reference names: its coins (order:<id>) or their reversal (reversal:order:<id>). */
const ORDER_REFERENCE = /^(?:reversal:)?order:(.+)$/;

/** The id of the order a ledger reference names, or null. */
export const orderIdOfReference = (reference: string): string | null => ORDER_REFERENCE.exec(reference)?.[1] ?? null;

/** A ledger entry as the wallet history shows it, but for the order it is about (its owner, checkout, names that). */
export type LedgerHistoryEntry = Omit<WalletHistoryEntry, 'order'>;

/**
 * One page of a shopper's ledger entries, newest first, each with the balance just after it (a running sum
 * over the shopper's entries, the cash-out hold left out as the header leaves it out). Ties on the timestamp
 * (entries of one transaction) are broken by id, so the order is total and pages never overlap or skip.
 *
 * One statement, one snapshot: the balance after an entry is the balance now (the wallet_balances rows, ADR
 * 061) less every entry newer than it, so only the entries up to the end of the page are read (the index on
 * user, time and id, backwards), not the shopper's whole ledger; the total is the rows' count of entries.
 */
export async function listLedgerPage(
  db: Db,
  userId: string,
  { page, limit }: WalletHistoryQuery,
): Promise<{ entries: LedgerHistoryEntry[]; total: number; page: number; limit: number }> {
  const offset = (page - 1) * limit;
  const newest = db.$with('newest').as(
    db
      .select({
        id: ledgerEntries.id,
        wallet: ledgerEntries.wallet,
        amount: ledgerEntries.amount,
        reason: ledgerEntries.reason,
        reference: ledgerEntries.reference,
        createdAt: ledgerEntries.createdAt,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId))
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(offset + limit),
  );
  // The balance now, in the page's own statement (the same snapshot as its entries).
  const now = db.$with('now').as(
    db
      .select({
        balance: sql<string>`coalesce(sum(${walletBalances.coins}) FILTER (WHERE ${walletBalances.wallet} <> 'cashOutHold'), 0)`.as(
          'balance',
        ),
      })
      .from(walletBalances)
      .where(eq(walletBalances.userId, userId)),
  );
  const [rows, totals] = await Promise.all([
    db
      .with(newest, now)
      .select({
        id: newest.id,
        wallet: newest.wallet,
        amount: newest.amount,
        reason: newest.reason,
        reference: newest.reference,
        createdAt: newest.createdAt,
        balanceAfter: sql<string>`${now.balance} - coalesce(sum(CASE WHEN ${newest.wallet} = 'cashOutHold' THEN 0 ELSE ${newest.amount} END)
          OVER (ORDER BY ${newest.createdAt} DESC, ${newest.id} DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)`,
      })
      .from(newest)
      .crossJoin(now)
      .orderBy(desc(newest.createdAt), desc(newest.id))
      .offset(offset),
    db
      .select({ total: sql<string>`coalesce(sum(${walletBalances.entries}), 0)` })
      .from(walletBalances)
      .where(eq(walletBalances.userId, userId)),
  ]);
  const entries = rows.map((row) => ({
    id: row.id,
    wallet: row.wallet,
    amount: row.amount,
    kind: ledgerEntryKindOf(row.reason),
    reference: row.reference,
    createdAt: row.createdAt.toISOString(),
    balanceAfter: Number(row.balanceAfter),
  }));
  return { entries, total: Number(totals[0]?.total ?? 0), page, limit };
}
