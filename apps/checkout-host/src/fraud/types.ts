// The fraud-check provider interface (issue 23, ADR 045): what the hosted checkout asks before it charges a
// card, debits a bank account or prepares a USDC transfer, and what a provider answers. A real provider
// (nSure, whose device SDK our device-id stand-in mimics) would implement `check` over its API; the sandbox
// (sandbox.ts) scores from the inputs alone.

export const FRAUD_DECISIONS = ['approve', 'decline', 'review'] as const;
export type FraudDecision = (typeof FRAUD_DECISIONS)[number];

export type FraudMethod = 'card' | 'ach' | 'usdc';

/** What a payment looks like to the fraud check (the amount is the session's, never the page's). */
export interface FraudCheckInput {
  /** The SDK's fraud device id (SPEC §2 deviceId), null when the page was given none. */
  deviceId: string | null;
  /** The merchant's customer id. */
  customerId: string;
  /** The caller's address as the host reads it (TRUST_PROXY). */
  ip: string | null;
  amountCents: number;
  currency: 'USD';
  method: FraudMethod;
  email: string;
  merchantId: string;
  sessionId: string;
}

/** A provider's verdict: 0 (no risk) to 100 (certain fraud), and why (for the merchant and our logs, never the shopper). */
export interface FraudAssessment {
  decision: FraudDecision;
  score: number;
  reason: string;
}

export interface FraudProvider {
  /** Stored with each check (fraud_checks.provider). */
  name: string;
  /** One check; it should stop when `signal` aborts (the caller's time limit). It throws when the service fails. */
  check(input: FraudCheckInput, opts: { signal: AbortSignal }): Promise<FraudAssessment>;
}

/** What the host does when the provider fails or does not answer in time (CHECKOUT_FRAUD_ON_FAILURE, ADR 045). */
export const FRAUD_FAILURE_POLICIES = ['review', 'decline'] as const;
export type FraudFailurePolicy = (typeof FRAUD_FAILURE_POLICIES)[number];

/** A check as the host acts on it and stores it: the provider's verdict, or the failure policy's. */
export interface FraudVerdict extends Omit<FraudAssessment, 'score'> {
  /** null when the provider gave none (it failed or timed out). */
  score: number | null;
  provider: string;
  /** 'checked': the provider answered; 'timeout' / 'error': the failure policy decided. */
  outcome: 'checked' | 'timeout' | 'error';
}
