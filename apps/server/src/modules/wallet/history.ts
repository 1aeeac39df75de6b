import { count, desc, eq } from 'drizzle-orm';
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

/**
 * One page of a shopper's ledger entries, newest first. Ties on the timestamp (entries of one
 * transaction) are broken by id, so the order is total and pages never overlap or skip.
 */
export async function listWalletHistory(
  db: Db,
  userId: string,
  { page, limit }: WalletHistoryQuery,
): Promise<{ entries: WalletHistoryEntry[]; total: number; page: number; limit: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId))
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
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
  }));
  return { entries, total: Number(totals[0]?.total ?? 0), page, limit };
}
