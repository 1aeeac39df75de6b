// NACHA return codes: why a bank refused (before settlement) or took back (after it) an ACH debit.
const DESCRIPTIONS: Record<string, string> = {
  R01: 'Insufficient funds',
  R02: 'Account closed',
  R03: 'No account/unable to locate account',
  R04: 'Invalid account number',
  R07: 'Authorization revoked by customer',
  R08: 'Payment stopped',
  R10: 'Customer advises not authorized',
  R16: 'Account frozen',
  R29: 'Corporate customer advises not authorized',
};

export const RETURN_CODE_PATTERN = /^R\d{2}$/;

/** 'R01: Insufficient funds': the reason a payment row keeps, the code first so it can be read back. */
export const returnReason = (code: string, description?: string) =>
  `${code}: ${description || DESCRIPTIONS[code] || 'Returned by the bank'}`;

/** The code at the front of a reason written by returnReason; null for any other reason. */
export function returnCodeOf(reason: string | null | undefined): string | null {
  const code = /^(R\d{2}):/.exec(reason ?? '')?.[1];
  return code ?? null;
}

/** A valid ABA routing number: 9 digits whose weighted sum (3, 7, 1) is a multiple of 10. */
export function isRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}
