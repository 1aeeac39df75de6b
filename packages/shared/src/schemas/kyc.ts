import { z } from 'zod';
import { jumioRecord } from './user.ts';

// Identity verification, Jumio-style (issue 10, ADR 016): calls beyond SPEC §7 (ADR 004).

/**
 * The record's statuses (ours, mapped from Jumio's workflow statuses): INITIATED (started), ACQUIRED
 * (images taken, being checked), DONE (Jumio PROCESSED, with a decision), EXPIRED (the session or its
 * token expired before the check ended).
 */
export const KYC_STATUSES = ['INITIATED', 'ACQUIRED', 'DONE', 'EXPIRED'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];
/** Jumio's decision types; only PASSED verifies (SPEC §4). */
export const KYC_DECISIONS = ['PASSED', 'REJECTED', 'WARNING', 'NOT_EXECUTED'] as const;
export type KycDecision = (typeof KYC_DECISIONS)[number];

/** GET v1/kyc/jumio: the shopper's SPEC §3 record (null before any attempt). */
export const kycRecordResponse = z.object({ success: z.literal(true), data: z.object({ jumio: jumioRecord.nullable() }) });
export type KycRecordResponse = z.infer<typeof kycRecordResponse>;

/** POST v1/kyc/jumio/start: the new attempt's hosted page (to open in a frame) and the record now. */
export const kycStartResponse = z.object({
  success: z.literal(true),
  data: z.object({ redirectUrl: z.string(), workflowExecutionId: z.string(), jumio: jumioRecord }),
});
export type KycStartResponse = z.infer<typeof kycStartResponse>;

/** POST v1/admin/kyc/{userId}/reset */
export const kycResetParams = z.strictObject({ userId: z.string().min(1).max(64) });
export const kycResetResponse = z.object({
  success: z.literal(true),
  data: z.object({ userId: z.string(), jumio: jumioRecord.nullable(), resetBy: z.string(), resetAt: z.string() }),
});
export type KycResetResponse = z.infer<typeof kycResetResponse>;

/** The provider's callback: Jumio's shape (workflowExecution id and status, the account); extra fields kept out. */
export const kycCallbackBody = z.object({
  callbackSentAt: z.string().max(64).optional(),
  userReference: z.string().max(100).optional(),
  workflowExecution: z.object({
    id: z.string().min(1).max(100),
    href: z.string().max(2000).optional(),
    definitionKey: z.union([z.string(), z.number()]).optional(),
    status: z.enum(['INITIATED', 'ACQUIRED', 'PROCESSED', 'SESSION_EXPIRED', 'TOKEN_EXPIRED']),
  }),
  account: z.object({ id: z.string().min(1).max(100), href: z.string().max(2000).optional() }),
});
export type KycCallbackBody = z.infer<typeof kycCallbackBody>;

export const kycCallbackResponse = z.object({ success: z.literal(true), data: z.object({ applied: z.boolean() }) });

/**
 * What the identity provider returned about a finished check, kept for the person who reviews it (issue 24):
 * the overall label and risk score, each capability's decision (Jumio's usability, imageChecks, extraction,
 * dataChecks, liveness, similarity, …) and the kind, country and expiry of the document. Never the shopper's
 * name, birth date, document number or images: those stay at the provider.
 */
export const kycEvidence = z.object({
  label: z.string().nullable(),
  riskScore: z.number().nullable(),
  checks: z.array(z.object({ capability: z.string(), decision: z.string(), label: z.string().nullable() })),
  document: z.object({ type: z.string().nullable(), issuingCountry: z.string().nullable(), expiryDate: z.string().nullable() }).nullable(),
});
export type KycEvidence = z.infer<typeof kycEvidence>;
