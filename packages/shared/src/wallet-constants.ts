// The wallets and the ledger's kinds of entry, with their labels: apart from the schemas (schemas/wallet.ts),
// because the signed-in header's balance reads them on every page and a module of schemas would bring zod
// with it (issue 26).

/** The three wallets a shopper's coins live in (each a sum of ledger entries). */
export const WALLET_NAMES = ['purchasedWallet', 'winWallet', 'stackingWallet'] as const;
/** The ledger's wallets: the shopper's three, and the hold where coins wait for a cash-out (ADR 017). */
export const LEDGER_WALLET_NAMES = [...WALLET_NAMES, 'cashOutHold'] as const;
export type LedgerWalletName = (typeof LEDGER_WALLET_NAMES)[number];

/** The wallets as people read them, shopper and console alike (issue 24): bought, won (the only one that cashes out), promotional. */
export const WALLET_LABELS: Record<LedgerWalletName, string> = {
  purchasedWallet: 'Purchased',
  winWallet: 'Winnings',
  stackingWallet: 'Promotional',
  cashOutHold: 'Cash-out hold',
};
/** The shopper's three wallets with their labels, in the order the store lists them. */
export const SHOPPER_WALLETS = WALLET_NAMES.map((wallet) => [wallet, WALLET_LABELS[wallet]] as const);

/**
 * What a ledger entry records, as the wallet history shows it: coins bought, promotional coins, prizes
 * won, coins held for a cash-out, a cash-out paid out, held coins returned, a payment taken back, or
 * an admin's adjustment.
 */
export const LEDGER_ENTRY_KINDS = [
  'purchase',
  'bonus',
  'win',
  'cashOutHold',
  'payout',
  'return',
  'reversal',
  'adjustment',
  'giftCard',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/** Each kind of ledger entry in the words the wallet history and the console show (one set of names). */
export const LEDGER_ENTRY_KIND_LABELS: Record<LedgerEntryKind, string> = {
  purchase: 'Purchase',
  bonus: 'Bonus',
  win: 'Win',
  cashOutHold: 'Cash-out hold',
  payout: 'Payout',
  return: 'Returned',
  reversal: 'Reversal',
  adjustment: 'Adjustment',
  giftCard: 'Gift card redeemed',
};
