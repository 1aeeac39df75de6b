// The fraud sandbox's scores and the host's time limit and failure policy around any provider (ADR 045).
import { describe, expect, it } from 'vitest';
import {
  createSandboxFraudProvider,
  runFraudCheck,
  SANDBOX_FRAUD_PREFIXES,
  sandboxScore,
  type FraudCheckInput,
  type FraudProvider,
} from './index.ts';

const payment = (change: Partial<FraudCheckInput> = {}): FraudCheckInput => ({
  deviceId: 'sbx_0123456789abcdef0123456789abcdef',
  customerId: 'customer-1',
  ip: '203.0.113.7',
  amountCents: 2500,
  currency: 'USD',
  method: 'card',
  email: 'mei@example.com',
  merchantId: 'shop',
  sessionId: 'cs_1',
  ...change,
});

describe('the sandbox scorer', () => {
  it('declines a device on its deny list and asks review for one on its review list, whatever else the payment is', () => {
    for (const method of ['card', 'ach', 'usdc'] as const) {
      expect(sandboxScore(payment({ method, deviceId: `${SANDBOX_FRAUD_PREFIXES.deny}a1` }))).toEqual({
        decision: 'decline',
        score: 95,
        reason: 'device on the sandbox deny list',
      });
      expect(sandboxScore(payment({ method, deviceId: `${SANDBOX_FRAUD_PREFIXES.review}a1`, amountCents: 1 }))).toMatchObject({
        decision: 'review',
        score: 60,
      });
    }
  });

  it('approves an ordinary payment with a low score, the same each time for the same inputs', () => {
    const first = sandboxScore(payment());
    expect(first.decision).toBe('approve');
    expect(first.score).toBeGreaterThanOrEqual(0);
    expect(first.score).toBeLessThan(10);
    expect(first.reason).toBe('nothing unusual');
    expect(sandboxScore(payment())).toEqual(first);
    // The score is a function of the inputs: over many devices it takes more than one value.
    const scores = new Set(Array.from({ length: 40 }, (_, i) => sandboxScore(payment({ deviceId: `sbx_${i}` })).score));
    expect(scores.size).toBeGreaterThan(1);
  });

  it('scores higher without a device id and for a large amount, but never reaches review on its own', () => {
    const base = sandboxScore(payment({ deviceId: null }));
    expect(base.reason).toBe('no device id');
    expect(base.score).toBeGreaterThanOrEqual(15);
    const both = sandboxScore(payment({ deviceId: null, amountCents: 500_000 }));
    expect(both).toMatchObject({ decision: 'approve', reason: 'no device id, large amount' });
    expect(both.score).toBeGreaterThanOrEqual(35);
    expect(both.score).toBeLessThan(50);
    expect(sandboxScore(payment({ amountCents: 499_999 })).reason).toBe('nothing unusual');
  });
});

describe('a fraud check under its time limit and failure policy', () => {
  const sandbox = createSandboxFraudProvider();
  const limits = { timeoutMs: 100, onFailure: 'review' as const };

  it("passes the provider's verdict on, marked checked", async () => {
    expect(await runFraudCheck(sandbox, payment({ deviceId: `${SANDBOX_FRAUD_PREFIXES.deny}x` }), limits)).toEqual({
      decision: 'decline',
      score: 95,
      reason: 'device on the sandbox deny list',
      provider: 'sandbox',
      outcome: 'checked',
    });
  });

  it.each(['review', 'decline'] as const)(
    "a provider that does not answer in time: the '%s' policy decides, with no score",
    async (onFailure) => {
      const verdict = await runFraudCheck(sandbox, payment({ deviceId: `${SANDBOX_FRAUD_PREFIXES.timeout}x` }), {
        timeoutMs: 100,
        onFailure,
      });
      expect(verdict).toEqual({
        decision: onFailure,
        score: null,
        reason: 'no answer within 100 ms',
        provider: 'sandbox',
        outcome: 'timeout',
      });
    },
  );

  it.each(['review', 'decline'] as const)("a provider that fails: the '%s' policy decides", async (onFailure) => {
    const verdict = await runFraudCheck(sandbox, payment({ deviceId: `${SANDBOX_FRAUD_PREFIXES.down}x` }), { timeoutMs: 5_000, onFailure });
    expect(verdict).toMatchObject({ decision: onFailure, score: null, outcome: 'error' });
    expect(verdict.reason).toMatch(/^the fraud service failed: /);
  });

  it('stops waiting at the limit even for a provider that ignores the signal, and aborts the signal', async () => {
    let signalled: AbortSignal | undefined;
    const deaf: FraudProvider = {
      name: 'deaf',
      check: (_input, { signal }) => {
        signalled = signal;
        return new Promise(() => {});
      },
    };
    expect(await runFraudCheck(deaf, payment(), limits)).toMatchObject({ decision: 'review', outcome: 'timeout', provider: 'deaf' });
    expect(signalled?.aborted).toBe(true);
  });

  it("bounds a provider's score and reason, and takes an answer without a known decision as a failure", async () => {
    const loud: FraudProvider = { name: 'loud', check: async () => ({ decision: 'approve', score: 140.4, reason: 'r'.repeat(500) }) };
    expect(await runFraudCheck(loud, payment(), limits)).toMatchObject({ decision: 'approve', score: 100, outcome: 'checked' });
    expect((await runFraudCheck(loud, payment(), limits)).reason).toHaveLength(200);
    const odd = { name: 'odd', check: async () => ({ decision: 'allow', score: 1, reason: '' }) } as unknown as FraudProvider;
    expect(await runFraudCheck(odd, payment(), { timeoutMs: 100, onFailure: 'decline' })).toMatchObject({
      decision: 'decline',
      outcome: 'error',
    });
  });
});
