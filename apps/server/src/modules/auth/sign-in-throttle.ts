// The per-account sign-in delay (issue 21, ADR 034). The per-address limits (plugins/rate-limit.ts) let
// twenty addresses try hundreds of passwords on one account a minute; this counts failed sign-ins per
// account, from any address, and after AUTH_ACCOUNT_FAILURES_BEFORE_DELAY of them each further password
// check waits for a delay that doubles with every failure (up to AUTH_ACCOUNT_MAX_DELAY_SECONDS). A
// request inside the delay is answered 429 with Retry-After at once, without hashing. The account is
// never closed: its owner gets in past the delay with the link e-mailed when it began, or by resetting
// the password, and the right password forgets the failures.
//
// An account here is the normalized e-mail address, whether or not it has an account, so the answers
// (status, message, Retry-After) cannot tell a registered address from an unknown one. The counters are
// shared through Redis when REDIS_URL is set (plugins/attempt-counters.ts) and keyed by a hash of the
// address, so Redis holds no address.
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken } from '../../lib/ids.ts';
import type { AttemptCounters } from '@store/server-kit';

export const SIGN_IN_DELAYED = 'SIGN_IN_DELAYED';

export type SignInThrottleLimits = Pick<
  Config,
  | 'AUTH_ACCOUNT_FAILURES_BEFORE_DELAY'
  | 'AUTH_ACCOUNT_DELAY_SECONDS'
  | 'AUTH_ACCOUNT_MAX_DELAY_SECONDS'
  | 'AUTH_ACCOUNT_FAILURE_WINDOW_MINUTES'
>;

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The same words for every address: they must not tell whether it has an account. */
export const signInDelayedMessage = (waitSeconds: number) =>
  `Too many wrong passwords for this account. Please try again in ${waitText(waitSeconds)}. ` +
  'If the account is yours, the link we e-mailed to its address lets you sign in now, or you can reset your password.';

function delayed(resetInMs: number): AppError {
  const waitSeconds = Math.max(1, Math.ceil(resetInMs / 1000));
  const error = new AppError(429, SIGN_IN_DELAYED, signInDelayedMessage(waitSeconds));
  error.retryAfterSeconds = waitSeconds;
  return error;
}

/** Milliseconds an account waits after its `failures`-th failed sign-in (from the limit on, doubling). */
export function delayAfterFailureMs(failures: number, limits: SignInThrottleLimits): number {
  const beyond = failures - limits.AUTH_ACCOUNT_FAILURES_BEFORE_DELAY;
  if (beyond < 0) return 0;
  const seconds = Math.min(limits.AUTH_ACCOUNT_DELAY_SECONDS * 2 ** Math.min(beyond, 30), limits.AUTH_ACCOUNT_MAX_DELAY_SECONDS);
  return Math.max(seconds, limits.AUTH_ACCOUNT_DELAY_SECONDS) * 1000;
}

/** One admitted password check. */
export interface AccountAttempt {
  /** The password was wrong. True when this failure started the account's first delay: the time to mail its owner. */
  failed(): Promise<boolean>;
  /** The check never ran (the hash gate was full): it does not count. */
  abandoned(): Promise<void>;
}

export interface SignInThrottle {
  /** Admits one password check for the address, or throws 429 SIGN_IN_DELAYED with Retry-After while it waits. */
  admit(email: string): Promise<AccountAttempt>;
  /** Forgets the address's failures and delay: the right password was given, or the password was reset. */
  forget(email: string): Promise<void>;
}

export function signInThrottle(counters: AttemptCounters, limits: SignInThrottleLimits): SignInThrottle {
  const windowMs = limits.AUTH_ACCOUNT_FAILURE_WINDOW_MINUTES * 60_000;
  const limit = limits.AUTH_ACCOUNT_FAILURES_BEFORE_DELAY;
  const keysOf = (email: string) => {
    const account = hashToken(email.trim().toLowerCase());
    return { failures: `signin:failures:${account}`, delay: `signin:delay:${account}` };
  };

  return {
    async admit(email) {
      const keys = keysOf(email);
      const delay = await counters.peek(keys.delay);
      if (delay.count > 0) throw delayed(delay.resetInMs);
      // Counted before the check, so requests racing in parallel each get a number of their own.
      const [counted] = await counters.add([keys.failures], 1, windowMs);
      const attempt = counted!.count;
      let holdsDelay = false;
      if (attempt > limit) {
        // Past the limit one check at a time: the first to take the delay goes ahead, and the delay it
        // took (doubled again) is what the next one waits if this one fails too.
        const [taken] = await counters.add([keys.delay], 1, delayAfterFailureMs(attempt, limits));
        if (taken!.count > 1) {
          await counters.add([keys.failures], -1, windowMs);
          throw delayed(taken!.resetInMs);
        }
        holdsDelay = true;
      }
      return {
        async failed() {
          if (attempt !== limit) return false;
          await counters.add([keys.delay], 1, delayAfterFailureMs(attempt, limits));
          return true;
        },
        async abandoned() {
          await counters.add([keys.failures], -1, windowMs);
          if (holdsDelay) await counters.clear([keys.delay]);
        },
      };
    },
    async forget(email) {
      const keys = keysOf(email);
      await counters.clear([keys.failures, keys.delay]);
    },
  };
}
