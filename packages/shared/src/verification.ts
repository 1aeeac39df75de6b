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
