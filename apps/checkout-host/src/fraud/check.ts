// One fraud check under the host's time limit and failure policy (ADR 045). The provider is given a signal
// that aborts at the limit, and the answer is not waited for past it even when the provider ignores the
// signal. A failure or a timeout never throws here: the policy decides ('review': the payment goes on,
// recorded as unchecked, a card asked for 3-D Secure; 'decline': it is refused as a flagged one would be).
import { FRAUD_DECISIONS, type FraudCheckInput, type FraudFailurePolicy, type FraudProvider, type FraudVerdict } from './types.ts';

export interface FraudCheckOptions {
  timeoutMs: number;
  onFailure: FraudFailurePolicy;
}

class TimedOut extends Error {}

export async function runFraudCheck(provider: FraudProvider, input: FraudCheckInput, opts: FraudCheckOptions): Promise<FraudVerdict> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new TimedOut());
    }, opts.timeoutMs);
  });
  try {
    const answer = await Promise.race([provider.check(input, { signal: controller.signal }), limit]);
    if (!FRAUD_DECISIONS.includes(answer.decision) || !Number.isFinite(answer.score)) throw new Error('the fraud service gave no verdict');
    // A provider's answer is bounded before it is stored or acted on.
    const score = Math.min(100, Math.max(0, Math.round(answer.score)));
    return { decision: answer.decision, score, reason: answer.reason.slice(0, 200), provider: provider.name, outcome: 'checked' };
  } catch (err) {
    const outcome = err instanceof TimedOut ? 'timeout' : 'error';
    return {
      decision: opts.onFailure,
      score: null,
      reason:
        outcome === 'timeout'
          ? `no answer within ${opts.timeoutMs} ms`
          : `the fraud service failed: ${(err as Error).message}`.slice(0, 200),
      provider: provider.name,
      outcome,
    };
  } finally {
    clearTimeout(timer);
  }
}
