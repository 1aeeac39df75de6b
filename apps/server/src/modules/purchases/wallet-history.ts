// The shopper's wallet history (GET v1/wallet/history): the wallet's ledger, a page at a time, with the
// order each entry is about named by its number. The ledger is the wallet's and the orders checkout's; this
// read model of the shopper's own history asks each (issue 25), as the purchase history asks checkout.
import type { WalletHistoryEntry, WalletHistoryQuery } from '@store/shared';
import type { Db } from '../../db/client.ts';
import { findOrderNumbers } from '../checkout/index.ts';
import { listLedgerPage, orderIdOfReference } from '../wallet/index.ts';

export async function listWalletHistory(
  db: Db,
  userId: string,
  query: WalletHistoryQuery,
): Promise<{ entries: WalletHistoryEntry[]; total: number; page: number; limit: number }> {
  const ledger = await listLedgerPage(db, userId, query);
  // A reference is the writer's text: only the shopper's own orders are named.
  const named = await findOrderNumbers(
    db,
    userId,
    ledger.entries.flatMap((entry) => orderIdOfReference(entry.reference) ?? []),
  );
  return {
    ...ledger,
    entries: ledger.entries.map((entry) => ({ ...entry, order: named.get(orderIdOfReference(entry.reference) ?? '') ?? null })),
  };
}
