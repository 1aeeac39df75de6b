import { VERIFICATION_LABELS } from './constants.ts';
import type { JumioRecord } from './schemas/user.ts';

/** The three outcomes of SPEC §4 "Verification badge", keyed like the §9 labels. */
export type VerificationStatus = keyof typeof VERIFICATION_LABELS;

const PENDING_STATUSES = new Set(['INITIATED', 'ACQUIRED']);

/**
 * SPEC §4 "Verification badge": nothing until an attempt was made; Verified when the decision is
 * PASSED; Pending while the provider works (INITIATED, ACQUIRED); otherwise Retry. Shared because the
 * header badge and the verification pages must never disagree.
 */
export function verificationStatus(jumio: JumioRecord | null | undefined): VerificationStatus | null {
  if (!jumio?.attempts) return null;
  if (jumio.decision === 'PASSED') return 'verified';
  if (jumio.status && PENDING_STATUSES.has(jumio.status)) return 'pending';
  return 'retry';
}

/** The provider's decision as an operator reads it in the console (the shopper's pages have their own sentences). */
export const KYC_DECISION_NAMES: Record<string, string> = {
  PASSED: 'Passed',
  REJECTED: 'Rejected',
  WARNING: 'Passed with a warning',
  NOT_EXECUTED: 'Not carried out',
};
/** Where the provider's check is, as an operator reads it in the console. */
export const KYC_STATUS_NAMES: Record<string, string> = {
  INITIATED: 'Started, no documents yet',
  ACQUIRED: 'Documents received, being checked',
  PROCESSED: 'Checked',
  DONE: 'Finished',
  FAILED: 'Could not be completed',
  EXPIRED: 'Expired unfinished',
  SESSION_EXPIRED: 'Expired unfinished',
  TOKEN_EXPIRED: 'Expired unfinished',
};
/** A decision or status in words; an unknown value is shown as the provider sent it, marked so. */
export const kycName = (names: Record<string, string>, value: string | null): string =>
  value === null ? 'None yet' : (names[value] ?? `Unknown (${value})`);

/** Jumio's capabilities as an operator reads them; one the list does not know is shown by its own name. */
export const KYC_CAPABILITY_NAMES: Record<string, string> = {
  usability: 'Image quality',
  imageChecks: 'Image checks',
  extraction: 'Data extraction',
  dataChecks: 'Data checks',
  liveness: 'Liveness',
  similarity: 'Face match',
  authentication: 'Authentication',
  watchlistScreening: 'Watchlist screening',
  addressValidation: 'Address validation',
  proofOfResidency: 'Proof of residency',
  drivingLicenseVerification: 'Driving licence check',
};

/** A provider's code in words: DIGITAL_COPY → "Digital copy", DRIVING_LICENSE → "Driving license". */
export const kycWords = (code: string): string => {
  const words = code.toLowerCase().replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
