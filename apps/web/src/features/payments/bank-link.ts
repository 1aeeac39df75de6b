// What the bank panel of the pay page and the cash-out page's link share (issue 24): where the shopper goes to
// link an account, and how an account is named to them.
import type { SavedBankAccountEntry } from './payment-slice.ts';

export const BANK_LINK_FAILED_TEXT = 'The bank-linking page could not be opened. Please try again.';

/** The account as the shopper knows it: 'Sandbox Federal Bank checking ending 0001'. */
export const bankAccountLabel = (account: SavedBankAccountEntry) =>
  account.last4 ? `${account.bankName ?? 'Bank'} ${account.accountType ?? 'account'} ending ${account.last4}` : 'Bank account';
