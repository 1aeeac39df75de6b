import { VERIFICATION_LABELS, verificationStatus, type JumioRecord, type VerificationStatus } from '@store/shared';

/** The badge's three outcomes (SPEC §4) plus the state before any attempt (attempts unset). */
export type VerificationStep = VerificationStatus | 'notStarted';

export interface StepText {
  label: string;
  /** What the status means. */
  meaning: string;
  /** What the shopper should do now. */
  next: string;
  /** Whether the identity check is worth opening from here. */
  canStartCheck: boolean;
}

export const STEP_TEXT: Record<VerificationStep, StepText> = {
  notStarted: {
    label: 'Not started',
    meaning: 'You have not started identity verification yet, so there is no result on your account.',
    next: 'Start the identity check when you are ready. You need a photo ID and a camera.',
    canStartCheck: true,
  },
  verified: {
    label: VERIFICATION_LABELS.verified,
    meaning: 'Your identity is confirmed.',
    next: 'Nothing else to do.',
    canStartCheck: false,
  },
  pending: {
    label: VERIFICATION_LABELS.pending,
    meaning: 'Your documents were received and are being checked. This usually takes a few minutes.',
    next: 'Nothing to do right now. This page and the badge in the header show the result once the check ends.',
    canStartCheck: false,
  },
  retry: {
    label: VERIFICATION_LABELS.retry,
    meaning: 'The last check did not pass, often because of a blurry photo, glare or an expired document.',
    next: 'Try the identity check again with a valid ID, in good light, with the whole document in the picture.',
    canStartCheck: true,
  },
};

export function verificationStep(jumio: JumioRecord | null | undefined): VerificationStep {
  return verificationStatus(jumio) ?? 'notStarted';
}
