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

/**
 * The status text for this record (issue 24): a check started and not finished (INITIATED) is told to
 * finish it, not that its documents arrived; the rest is the step's own text.
 */
export function stepText(jumio: JumioRecord | null | undefined): StepText {
  const step = verificationStep(jumio);
  if (step === 'pending' && jumio?.status === 'INITIATED') return STARTED_NOT_FINISHED;
  return STEP_TEXT[step];
}

const STARTED_NOT_FINISHED: StepText = {
  label: VERIFICATION_LABELS.pending,
  meaning: 'You started the identity check but have not sent your photo ID and selfie yet.',
  next: 'Open the identity check and finish it: photograph your ID and take a short selfie.',
  canStartCheck: true,
};

/** The provider's decision in words (never its raw value). */
const DECISIONS: Record<string, string> = {
  PASSED: 'Passed',
  REJECTED: 'Not passed',
  WARNING: 'Passed with a warning, under review',
  NOT_EXECUTED: 'Not carried out',
};
/** Where the provider's check is, in words. */
const CHECK_STATES: Record<string, string> = {
  INITIATED: 'Started, waiting for your documents',
  ACQUIRED: 'Documents received, being checked',
  PROCESSED: 'Checked',
  DONE: 'Finished',
  FAILED: 'Could not be completed',
  EXPIRED: 'Expired before it was finished',
  SESSION_EXPIRED: 'Expired before it was finished',
  TOKEN_EXPIRED: 'Expired before it was finished',
};
export const decisionText = (decision: string | null) => (decision ? (DECISIONS[decision] ?? 'Reported, see support') : 'None yet');
export const checkStateText = (status: string | null) => (status ? (CHECK_STATES[status] ?? 'Reported, see support') : 'Not reported');
