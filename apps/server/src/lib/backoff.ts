// Exponential backoff for background work that polls: a database that is down is asked less and less
// often, and its failure is logged a few times per outage instead of on every poll.

export interface BackoffPolicy {
  /** The delay while all is well, and after the first failure of a streak it doubles from. */
  baseMs: number;
  /** The delay never grows past this. */
  maxMs: number;
  /** The clock, for tests; Date.now by default. */
  now?: () => number;
}

export interface BackoffFailure {
  /** Failures in a row, this one included. */
  failures: number;
  /** The delay until the next attempt. */
  delayMs: number;
  /** Whether to log this one: the first of a streak, then each time the delay grows, then at most once per maxMs. */
  worthLogging: boolean;
}

export interface Backoff {
  /** The delay until the next attempt: baseMs after a success, doubled by each failure in a row up to maxMs. */
  readonly delayMs: number;
  failed(): BackoffFailure;
  succeeded(): void;
}

export function createBackoff({ baseMs, maxMs, now = Date.now }: BackoffPolicy): Backoff {
  let failures = 0;
  let lastLoggedAt = -Infinity;
  const delayAfter = (count: number) => Math.min(maxMs, baseMs * 2 ** count);
  return {
    get delayMs() {
      return delayAfter(failures);
    },
    failed() {
      const before = delayAfter(failures);
      failures += 1;
      const delayMs = delayAfter(failures);
      // By the clock, not by count: work that fails between polls (a kick) must not add log lines at the cap.
      const worthLogging = failures === 1 || delayMs > before || now() - lastLoggedAt >= maxMs;
      if (worthLogging) lastLoggedAt = now();
      return { failures, delayMs, worthLogging };
    },
    succeeded() {
      failures = 0;
    },
  };
}
