// The identity-verification provider as the kyc module sees it (ADR 016): Jumio's KYX platform, or the
// built-in sandbox that behaves like it. Vocabulary is Jumio's; the module maps it to the SPEC §3 record.
import type { KycDecision, KycEvidence } from '@store/shared';

/** Jumio's workflow execution statuses. */
export type WorkflowStatus = 'INITIATED' | 'ACQUIRED' | 'PROCESSED' | 'SESSION_EXPIRED' | 'TOKEN_EXPIRED';

export interface CreateVerificationInput {
  /** Our user id: Jumio's userReference. */
  userId: string;
  /** Our attempt id: Jumio's customerInternalReference. */
  attemptId: string;
  /** The shopper's account at the provider from an earlier attempt (updated rather than created again). */
  accountId?: string | null;
}

export interface CreatedVerification {
  accountId: string;
  workflowExecutionId: string;
  /** The provider's hosted page the shopper completes the check on (shown in a frame). */
  redirectUrl: string;
}

export interface WorkflowExecution {
  status: WorkflowStatus;
  /** Only once PROCESSED. */
  decision: KycDecision | null;
  /** Only once PROCESSED: what the provider returned about the check, for the person who reviews it. */
  evidence: KycEvidence | null;
}

export interface KycProvider {
  readonly name: 'jumio' | 'sandbox';
  createVerification(input: CreateVerificationInput): Promise<CreatedVerification>;
  /**
   * Checks where a callback comes from (when an allow-list is set: 403) and its headers against its raw
   * body where the callbacks are signed; throws AppError (400 malformed header or stale timestamp, 401
   * wrong signature). Nothing may be read from the body before this passed, and even then the body only
   * names the execution to ask about.
   */
  verifyCallback(headers: Record<string, string | string[] | undefined>, rawBody: string, remoteAddress: string): void;
  retrieveExecution(accountId: string, workflowExecutionId: string): Promise<WorkflowExecution>;
}

/** The provider could not be reached or answered something unusable (the route answers 502). */
export class KycProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KycProviderError';
  }
}
