import { count, desc, eq, sql } from 'drizzle-orm';
import type { LedgerEntryKind, WalletHistoryEntry, WalletHistoryQuery } from '@store/shared';
import type { Db } from '../../db/client.ts';
import { ledgerEntries } from '../../db/schema.ts';

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
 */
export async function listLedgerPage(
  db: Db,
  userId: string,
  { page, limit }: WalletHistoryQuery,
): Promise<{ entries: LedgerHistoryEntry[]; total: number; page: number; limit: number }> {
  const running = db.$with('running').as(
    db
      .select({
        id: ledgerEntries.id,
        wallet: ledgerEntries.wallet,
        amount: ledgerEntries.amount,
        reason: ledgerEntries.reason,
        reference: ledgerEntries.reference,
        createdAt: ledgerEntries.createdAt,
        balanceAfter: sql<number>`sum(CASE WHEN ${ledgerEntries.wallet} = 'cashOutHold' THEN 0 ELSE ${ledgerEntries.amount} END)
          OVER (ORDER BY ${ledgerEntries.createdAt}, ${ledgerEntries.id} ROWS UNBOUNDED PRECEDING)`
          .mapWith(Number)
          .as('balance_after'),
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId)),
  );
  const [rows, totals] = await Promise.all([
    db
      .with(running)
      .select()
      .from(running)
      .orderBy(desc(running.createdAt), desc(running.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(ledgerEntries).where(eq(ledgerEntries.userId, userId)),
  ]);
  const entries = rows.map((row) => ({
    id: row.id,
    wallet: row.wallet,
    amount: row.amount,
    kind: ledgerEntryKindOf(row.reason),
    reference: row.reference,
    createdAt: row.createdAt.toISOString(),
    balanceAfter: row.balanceAfter,
  }));
  return { entries, total: Number(totals[0]?.total ?? 0), page, limit };
}
