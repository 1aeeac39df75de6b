// The one way requests reach argon2 (issue 21, ADR 034). @node-rs/argon2 hashes on libuv's thread pool,
// off the event loop, but that pool is small (UV_THREADPOOL_SIZE, 4 by default) and first-in first-out,
// shared with file reads and DNS lookups: a flood of sign-ins would queue thousands of ~20 MiB hashes in
// it, every one running to the end even after its client gave up, and everything else waiting behind
// them. The gate runs at most `maxConcurrent` hashes at once, lets at most `queueMax` more wait, and
// refuses the rest at once with 503 and Retry-After, without hashing.
import os from 'node:os';
import { AppError } from './errors.ts';
import { hashPassword, verifyPassword } from './password.ts';

export const PASSWORD_HASHING_BUSY = 'SERVER_BUSY';
export const PASSWORD_HASHING_BUSY_MESSAGE = 'We are very busy right now. Please try again in a few seconds.';
/** What a refused request is told to wait: a queue of a few dozen hashes drains in well under this. */
export const PASSWORD_HASHING_RETRY_AFTER_SECONDS = 2;

export interface PasswordGateLimits {
  /** Hashes running at once. */
  maxConcurrent: number;
  /** Hashes waiting for a place; beyond it a request is refused. */
  queueMax: number;
}

export interface PasswordGateStats {
  running: number;
  queued: number;
  /** Hashes and verifications run to the end since start. */
  completed: number;
  /** Requests refused because the gate was full. */
  refused: number;
}

export interface PasswordGate {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  stats(): PasswordGateStats;
}

/**
 * Leaves one thread of libuv's pool free for file and DNS work, and runs no more hashes than there are
 * cores (argon2 here uses one thread a hash).
 */
export function defaultMaxConcurrentHashes(): number {
  const pool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  return Math.max(1, Math.min(os.availableParallelism(), pool - 1));
}

export function passwordGate(limits: PasswordGateLimits): PasswordGate {
  const waiting: (() => void)[] = [];
  let running = 0;
  let completed = 0;
  let refused = 0;

  /** A place to hash in, now or once one frees up; refuses when the queue is full too. */
  function enter(): Promise<void> {
    if (running < limits.maxConcurrent) {
      running++;
      return Promise.resolve();
    }
    if (waiting.length >= limits.queueMax) {
      refused++;
      const busy = new AppError(503, PASSWORD_HASHING_BUSY, PASSWORD_HASHING_BUSY_MESSAGE);
      busy.retryAfterSeconds = PASSWORD_HASHING_RETRY_AFTER_SECONDS;
      return Promise.reject(busy);
    }
    // The place is handed over by leave(): running stays counted.
    return new Promise((resolve) => waiting.push(resolve));
  }

  function leave() {
    completed++;
    const next = waiting.shift();
    if (next) next();
    else running--;
  }

  async function gated<T>(work: () => Promise<T>): Promise<T> {
    await enter();
    try {
      return await work();
    } finally {
      leave();
    }
  }

  return {
    hash: (password) => gated(() => hashPassword(password)),
    verify: (passwordHash, password) => gated(() => verifyPassword(passwordHash, password)),
    stats: () => ({ running, queued: waiting.length, completed, refused }),
  };
}
