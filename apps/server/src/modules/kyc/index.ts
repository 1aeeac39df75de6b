// Public surface of the kyc module: identity verification (SPEC §3 Verification record).
export { findVerificationDecision } from './repository.ts';
