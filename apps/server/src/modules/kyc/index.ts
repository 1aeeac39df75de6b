// Public surface of the kyc module: identity verification (SPEC §3 Verification record; ADR 016).
export { findVerificationDecision, findRecord as findVerificationRecord } from './repository.ts';
export { default as kycRoutes } from './routes.ts';
export { kycBackground } from './live.ts';
// The identity review queue of the admin console (ADR 025).
export { countIdentityReviews } from './reviews.ts';
export { identityReviewRoutes } from './review-routes.ts';
