import type { VerificationStatus } from '@store/shared';

/** What the cash-out page needs to know of the shopper (the app composes it from getuser, ADR 019). */
export interface CashoutShopper {
  /** The winnings wallet's coins: the only coins a cash-out takes. */
  winnings: number;
  /** SPEC §4's badge outcome; null before any attempt. Only 'verified' may cash out. */
  verification: VerificationStatus | null;
}
