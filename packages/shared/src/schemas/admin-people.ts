// The admin console's people calls added by ADR 025 (issue 12): revoking a user's sessions and the
// identity reviews (verification records that need a person). Lists page like the other admin lists
// (ADR 022): newest first, `hasMore` rather than a total.
import { z } from 'zod';
import { kycEvidence } from './kyc.ts';

const wholeNumber = (max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, 'must be a whole number, digits only')
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

/** A reason an admin gives: trimmed, 1 to 500 characters, no NUL (PostgreSQL cannot store it). */
const adminReason = z
  .string()
  .max(500)
  .refine((s) => !s.includes('\u0000'), 'must not contain a NUL character')
  .pipe(z.string().trim().min(1, 'is required'));

/** POST v1/admin/users/{id}/revoke-sessions: every live session of the user ends now. */
export const adminRevokeSessionsResponse = z.object({
  success: z.literal(true),
  data: z.object({ userId: z.string(), revokedSessions: z.number().int() }),
});
export type AdminRevokeSessionsResult = z.infer<typeof adminRevokeSessionsResponse>['data'];

/** Why a verification record waits for a person (ADR 025). */
export const IDENTITY_REVIEW_REASONS = ['rejected', 'warning', 'not-executed', 'stuck'] as const;
export type IdentityReviewReason = (typeof IDENTITY_REVIEW_REASONS)[number];

/** GET v1/admin/identity-reviews */
export const adminIdentityReviewsQuery = z.strictObject({
  page: wholeNumber(10_000).default(1),
  limit: wholeNumber(100).default(20),
});
export type AdminIdentityReviewsQuery = z.infer<typeof adminIdentityReviewsQuery>;

export const adminIdentityReview = z.object({
  userId: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  attempts: z.number().int(),
  decision: z.string().nullable(),
  status: z.string().nullable(),
  reason: z.enum(IDENTITY_REVIEW_REASONS),
  /** When the record last changed (the provider's answer, or the start of a stuck check). */
  updatedAt: z.string(),
  /** What the provider returned about the latest finished check; null before one finished. */
  evidence: kycEvidence.nullable(),
});
export type AdminIdentityReview = z.infer<typeof adminIdentityReview>;

export const adminIdentityReviewsResponse = z.object({
  success: z.literal(true),
  data: z.object({
    reviews: z.array(adminIdentityReview),
    page: z.number().int().positive(),
    limit: z.number().int().positive(),
    hasMore: z.boolean(),
  }),
});

/** POST v1/admin/identity-reviews/{userId}/approve and /reject */
export const adminIdentityReviewParams = z.strictObject({ userId: z.string().min(1).max(64) });
export const adminIdentityReviewBody = z.strictObject({ reason: adminReason });
export type AdminIdentityReviewBody = z.infer<typeof adminIdentityReviewBody>;

export const adminIdentityReviewResponse = z.object({
  success: z.literal(true),
  data: z.object({
    userId: z.string(),
    decision: z.enum(['PASSED', 'REJECTED']),
    status: z.string(),
    reviewedBy: z.string(),
    reviewedAt: z.string(),
    reason: z.string(),
  }),
});
export type AdminIdentityReviewResult = z.infer<typeof adminIdentityReviewResponse>['data'];
