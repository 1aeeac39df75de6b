// The ACH sandbox's test numbers (README "Payments sandbox", "Bank account (ACH)"). Routing numbers
// the sandbox knows link (any account number of 4 to 17 digits); a valid routing number it does not know
// is refused, as a bank directory lookup would. The account number decides what its debits do.
export const SANDBOX_ROUTING = {
  /** Links: "Sandbox Federal Bank". */
  federal: '011000015',
  /** Links: "Sandbox Savings & Loan". */
  savings: '021000021',
  /** A valid routing number no bank answers to: linking is refused. */
  unknown: '111000025',
} as const;

export const SANDBOX_BANK_NAMES: Record<string, string> = {
  [SANDBOX_ROUTING.federal]: 'Sandbox Federal Bank',
  [SANDBOX_ROUTING.savings]: 'Sandbox Savings & Loan',
};

export const SANDBOX_ACCOUNTS = {
  /** Settles after ACH_SANDBOX_SETTLE_MS (as does any number not listed here). */
  settles: '1000000001',
  /** Refused before settlement: R03 (no account). */
  fails: '1000000002',
  /** Settles, then comes back one more delay later: R01 (insufficient funds). */
  returns: '1000000003',
} as const;

export type AccountOutcome = { outcome: 'settle'; returnCode: null } | { outcome: 'fail' | 'return'; returnCode: string };

export function outcomeOf(accountNumber: string): AccountOutcome {
  if (accountNumber === SANDBOX_ACCOUNTS.fails) return { outcome: 'fail', returnCode: 'R03' };
  if (accountNumber === SANDBOX_ACCOUNTS.returns) return { outcome: 'return', returnCode: 'R01' };
  return { outcome: 'settle', returnCode: null };
}

export const SANDBOX_TEST_ACCOUNTS = [
  { label: 'Settles', routingNumber: SANDBOX_ROUTING.federal, accountNumber: SANDBOX_ACCOUNTS.settles },
  { label: 'Fails before settlement (R03)', routingNumber: SANDBOX_ROUTING.federal, accountNumber: SANDBOX_ACCOUNTS.fails },
  { label: 'Settles, then is returned (R01)', routingNumber: SANDBOX_ROUTING.savings, accountNumber: SANDBOX_ACCOUNTS.returns },
  {
    label: 'Routing number no bank answers to (not linked)',
    routingNumber: SANDBOX_ROUTING.unknown,
    accountNumber: SANDBOX_ACCOUNTS.settles,
  },
] as const;
