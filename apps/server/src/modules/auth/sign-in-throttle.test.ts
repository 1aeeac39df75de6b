// The rules of the per-account sign-in delay (ADR 034), on in-memory counters with a clock of our own.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { memoryCounters } from '../../plugins/attempt-counters.ts';
import { delayAfterFailureMs, signInThrottle } from './sign-in-throttle.ts';

const LIMITS = {
  AUTH_ACCOUNT_FAILURES_BEFORE_DELAY: 3,
  AUTH_ACCOUNT_DELAY_SECONDS: 30,
  AUTH_ACCOUNT_MAX_DELAY_SECONDS: 100,
  AUTH_ACCOUNT_FAILURE_WINDOW_MINUTES: 60,
};

function setup() {
  const clock = { now: 1_000_000 };
  const throttle = signInThrottle(
    memoryCounters(() => clock.now),
    LIMITS,
  );
  /** One wrong password: admitted and failed, or the refusal's Retry-After in seconds. */
  const wrongPassword = async (email: string): Promise<'checked' | number> => {
    try {
      await (await throttle.admit(email)).failed();
      return 'checked';
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ statusCode: 429, code: 'SIGN_IN_DELAYED' });
      return (err as AppError).retryAfterSeconds!;
    }
  };
  return { clock, throttle, wrongPassword };
}

describe('the per-account sign-in delay', () => {
  it('doubles the delay with each failure past the limit, up to the maximum', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((n) => delayAfterFailureMs(n, LIMITS) / 1000)).toEqual([0, 0, 30, 60, 100, 100, 100]);
  });

  it('checks up to the limit, then one password per delay, whatever the case of the address', async () => {
    const { clock, wrongPassword } = setup();
    expect([await wrongPassword('a@example.com'), await wrongPassword('A@example.com'), await wrongPassword('a@example.com')]).toEqual([
      'checked',
      'checked',
      'checked',
    ]);
    expect(await wrongPassword('a@example.com')).toBe(30);
    clock.now += 10_000;
    expect(await wrongPassword('a@example.com')).toBe(20);
    clock.now += 20_000;
    expect(await wrongPassword('a@example.com')).toBe('checked');
    expect(await wrongPassword('a@example.com')).toBe(60);
    clock.now += 60_000;
    expect(await wrongPassword('a@example.com')).toBe('checked');
    expect(await wrongPassword('a@example.com')).toBe(100);
    // Another address is not held back.
    expect(await wrongPassword('b@example.com')).toBe('checked');
  });

  it('says when the first delay begins (the time to mail the owner), once', async () => {
    const { clock, throttle } = setup();
    const started: boolean[] = [];
    for (let i = 0; i < 4; i++) {
      clock.now += 200_000;
      started.push(await (await throttle.admit('c@example.com')).failed());
    }
    expect(started).toEqual([false, false, true, false]);
  });

  it('admits one check at a time past the limit, even when they race', async () => {
    const { clock, throttle } = setup();
    // Six at once: three within the limit, one taking the delay, the rest refused.
    const first = await Promise.allSettled(Array.from({ length: 6 }, () => throttle.admit('d@example.com')));
    expect(first.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
    clock.now += 60_000;
    const next = await Promise.allSettled(Array.from({ length: 6 }, () => throttle.admit('d@example.com')));
    expect(next.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('does not count a check that never ran, and forgets everything after the right password', async () => {
    const { throttle, wrongPassword } = setup();
    await wrongPassword('e@example.com');
    await wrongPassword('e@example.com');
    await (await throttle.admit('e@example.com')).abandoned();
    expect(await wrongPassword('e@example.com')).toBe('checked');
    expect(await wrongPassword('e@example.com')).toBe(30);
    await throttle.forget('e@example.com');
    expect([await wrongPassword('e@example.com'), await wrongPassword('e@example.com'), await wrongPassword('e@example.com')]).toEqual([
      'checked',
      'checked',
      'checked',
    ]);
  });

  it('forgets the failures when their window ends', async () => {
    const { clock, wrongPassword } = setup();
    for (let i = 0; i < 3; i++) await wrongPassword('f@example.com');
    clock.now += 60 * 60_000;
    expect(await wrongPassword('f@example.com')).toBe('checked');
    expect(await wrongPassword('f@example.com')).toBe('checked');
  });
});
