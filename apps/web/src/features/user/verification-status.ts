import { VERIFICATION_LABELS, type JumioRecord } from '@store/shared';

export type VerificationStatus = keyof typeof VERIFICATION_LABELS;

const PENDING_STATUSES = new Set(['INITIATED', 'ACQUIRED']);

/**
 * SPEC §4 "Verification badge": nothing until an attempt was made; Verified when the decision is
 * PASSED; Pending while the provider works (INITIATED, ACQUIRED); otherwise Retry.
 */
export function verificationStatus(jumio: JumioRecord | null | undefined): VerificationStatus | null {
  if (!jumio?.attempts) return null;
  if (jumio.decision === 'PASSED') return 'verified';
  if (jumio.status && PENDING_STATUSES.has(jumio.status)) return 'pending';
  return 'retry';
}
