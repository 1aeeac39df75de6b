// The fraud-check sandbox (ADR 045): scores a payment deterministically from its inputs, as the card sandbox
// answers by test card number. Device ids with a test prefix (README, "Fraud checks") pick the answer:
//   fraud_deny_…     decline, score 95 (the sandbox's deny list)
//   fraud_review_…   review, score 60
//   fraud_timeout_…  no answer until the caller gives up (the host's time limit and failure policy)
//   fraud_down_…     the service fails at once (the failure policy)
// Any other payment scores low: 0–9 from a hash of its device, customer and address, +15 without a device
// id, +20 from $5,000 up; at most 44, so an ordinary payment is always approved. It calls nothing outside.
import { createHash } from 'node:crypto';
import type { FraudAssessment, FraudCheckInput, FraudProvider } from './types.ts';

export const SANDBOX_FRAUD_PREFIXES = {
  deny: 'fraud_deny_',
  review: 'fraud_review_',
  timeout: 'fraud_timeout_',
  down: 'fraud_down_',
} as const;

/** From this score up the sandbox declines, and from REVIEW_FROM up (below DECLINE_FROM) it asks for review. */
export const DECLINE_FROM = 80;
export const REVIEW_FROM = 50;
/** From this amount up a payment scores higher. */
export const LARGE_AMOUNT_CENTS = 500_000;

/** The sandbox's verdict on a payment, without the test prefixes that stall or fail the service. */
export function sandboxScore(input: FraudCheckInput): FraudAssessment {
  const device = input.deviceId ?? '';
  if (device.startsWith(SANDBOX_FRAUD_PREFIXES.deny)) return { decision: 'decline', score: 95, reason: 'device on the sandbox deny list' };
  if (device.startsWith(SANDBOX_FRAUD_PREFIXES.review))
    return { decision: 'review', score: 60, reason: 'device on the sandbox review list' };
  const digest = createHash('sha256')
    .update(`${device}|${input.merchantId}|${input.customerId}|${input.ip ?? ''}`)
    .digest();
  const reasons: string[] = [];
  let score = digest[0]! % 10;
  if (!input.deviceId) {
    score += 15;
    reasons.push('no device id');
  }
  if (input.amountCents >= LARGE_AMOUNT_CENTS) {
    score += 20;
    reasons.push('large amount');
  }
  const decision = score >= DECLINE_FROM ? 'decline' : score >= REVIEW_FROM ? 'review' : 'approve';
  return { decision, score, reason: reasons.length ? reasons.join(', ') : 'nothing unusual' };
}

/** Waits for the caller's signal to abort (the fraud_timeout_ devices): the service never answers. */
const never = (signal: AbortSignal) =>
  new Promise<never>((_resolve, reject) => {
    const stop = () => reject(new Error('the sandbox fraud service was cut off by its caller'));
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });

export function createSandboxFraudProvider(): FraudProvider {
  return {
    name: 'sandbox',
    async check(input, { signal }) {
      const device = input.deviceId ?? '';
      if (device.startsWith(SANDBOX_FRAUD_PREFIXES.timeout)) return never(signal);
      if (device.startsWith(SANDBOX_FRAUD_PREFIXES.down)) throw new Error('the sandbox fraud service is down (test device id)');
      return sandboxScore(input);
    },
  };
}
