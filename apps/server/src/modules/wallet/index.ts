// Public surface of the wallet module: balances and the append-only ledger every coin moves through.
// Callers pass their own transaction, so a credit commits with whatever earned it.
export { appendLedgerEntries, getWalletCoins, ledgerAmount, type LedgerCredit, type WalletName } from './repository.ts';
export { default as walletRoutes } from './routes.ts';
export { announceWalletChange, type WalletNotice } from './live.ts';
export { walletBackground } from './background.ts';
// A shopper's ledger a page at a time; the order an entry is about is named by checkout (purchases composes them).
export { ledgerEntryKindOf, listLedgerPage, orderIdOfReference, type LedgerHistoryEntry } from './history.ts';
