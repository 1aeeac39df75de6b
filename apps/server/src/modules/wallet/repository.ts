import { and, eq, sql } from 'drizzle-orm';
import type { WalletCoins } from '@store/shared';
import type { Db, Tx } from '../../db/client.ts';
import { ledgerEntries, walletBalances } from '../../db/schema.ts';

export type WalletName = keyof WalletCoins;

/**
 * A shopper's three balances: the rows the database keeps with the ledger (0055, ADR 061), each the sum of
 * the wallet's entries as of the same snapshot as the entries themselves. Inside a transaction that locked
 * the account, as good as summing the ledger there.
 */
export async function getWalletCoins(db: Db | Tx, userId: string): Promise<WalletCoins> {
  const rows = await db
    .select({ wallet: walletBalances.wallet, coins: walletBalances.coins })
    .from(walletBalances)
    .where(eq(walletBalances.userId, userId));
  const coins: WalletCoins = { purchasedWallet: 0, winWallet: 0, stackingWallet: 0 };
  // The cash-out hold (ADR 017) is the ledger's, not one of the shopper's wallets.
  for (const row of rows) if (row.wallet !== 'cashOutHold') coins[row.wallet] = row.coins;
  return coins;
}

export interface LedgerCredit {
  userId: string;
  /** A shopper's wallet, or the hold a cash-out's coins wait in (ADR 017). */
  wallet: WalletName | 'cashOutHold';
  amount: number;
  reason: string;
  /** Unique per (reference, wallet): the same event never credits twice. */
  reference: string;
}

/**
 * Appends entries inside the caller's transaction. Returns false (and writes nothing) when an entry
 * with the same reference already exists, so retried events stay idempotent.
 */
export async function appendLedgerEntries(tx: Tx, entries: LedgerCredit[]): Promise<boolean> {
  for (const e of entries) {
    if (!Number.isInteger(e.amount)) throw new Error('ledger amounts are integer coins');
  }
  // The database adds the entries to their balances in the same statement (0055's trigger).
  const inserted = await tx.insert(ledgerEntries).values(entries).onConflictDoNothing().returning({ id: ledgerEntries.id });
  if (inserted.length !== entries.length) {
    // A partial insert means part of the event was already recorded: undo ours, keep the first.
    if (inserted.length > 0) throw new Error(`ledger reference partially applied: ${entries[0]?.reference}`);
    return false;
  }
  return true;
}

/** Coins the ledger holds in one wallet under a reference (at most one entry: the pair is unique). */
export async function ledgerAmount(tx: Tx, reference: string, wallet: WalletName): Promise<number> {
  const rows = await tx
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.reference, reference), eq(ledgerEntries.wallet, wallet)));
  return Number(rows[0]?.total ?? 0);
}
