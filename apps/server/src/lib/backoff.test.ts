import { describe, expect, it } from 'vitest';
import { createBackoff } from './backoff.ts';

/** A clock the test moves by hand. */
function manualClock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('createBackoff', () => {
  it('waits the base delay while all is well', () => {
    const backoff = createBackoff({ baseMs: 500, maxMs: 30_000 });
    expect(backoff.delayMs).toBe(500);
    backoff.succeeded();
    expect(backoff.delayMs).toBe(500);
  });

  it('doubles the delay on each failure in a row, up to the cap', () => {
    const clock = manualClock();
    const backoff = createBackoff({ baseMs: 500, maxMs: 30_000, now: clock.now });
    const delays: number[] = [];
    for (let i = 0; i < 9; i++) {
      const { delayMs } = backoff.failed();
      delays.push(delayMs);
      expect(backoff.delayMs).toBe(delayMs);
      clock.advance(delayMs);
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000]);
  });

  it('starts over from the base delay after a success', () => {
    const backoff = createBackoff({ baseMs: 500, maxMs: 30_000 });
    backoff.failed();
    backoff.failed();
    backoff.succeeded();
    expect(backoff.delayMs).toBe(500);
    expect(backoff.failed()).toMatchObject({ failures: 1, delayMs: 1_000 });
  });

  it('says to log the first failure and each growth of the delay, then once per capped interval', () => {
    const clock = manualClock();
    const backoff = createBackoff({ baseMs: 500, maxMs: 4_000, now: clock.now });
    const logged: number[] = [];
    // Failures every second at the cap (say, kicks between polls): only one in four is worth a line.
    for (let failure = 1; failure <= 12; failure++) {
      const { worthLogging, delayMs } = backoff.failed();
      if (worthLogging) logged.push(failure);
      clock.advance(delayMs === 4_000 ? 1_000 : delayMs);
    }
    // 1: first; 2 (2 s), 3 (4 s): growth; then at the cap: 7 and 11, four seconds apart.
    expect(logged).toEqual([1, 2, 3, 7, 11]);
  });

  it('logs the first failure of a new streak at once', () => {
    const clock = manualClock();
    const backoff = createBackoff({ baseMs: 500, maxMs: 4_000, now: clock.now });
    for (let i = 0; i < 5; i++) backoff.failed();
    backoff.succeeded();
    expect(backoff.failed()).toMatchObject({ failures: 1, worthLogging: true });
  });
});
