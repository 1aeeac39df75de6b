// The password gate (ADR 034): at most maxConcurrent argon2 runs at once, at most queueMax waiting,
// and the rest refused at once with 503 and Retry-After, without hashing.
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { passwordGate } from './password-gate.ts';

describe('the password gate', () => {
  it('runs up to its limit, queues up to its queue, and refuses the rest without hashing', async () => {
    const gate = passwordGate({ maxConcurrent: 1, queueMax: 1 });
    const running = gate.hash('first password');
    const queued = gate.hash('second password');
    expect(gate.stats()).toEqual({ running: 1, queued: 1, completed: 0, refused: 0 });

    const refused = await gate.verify('$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA', 'third').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 503, code: 'SERVER_BUSY', retryAfterSeconds: 2 });
    expect(gate.stats()).toMatchObject({ running: 1, queued: 1, refused: 1 });

    const [first, second] = await Promise.all([running, queued]);
    expect(await gate.verify(first, 'first password')).toBe(true);
    expect(await gate.verify(second, 'first password')).toBe(false);
    expect(gate.stats()).toEqual({ running: 0, queued: 0, completed: 4, refused: 1 });
  });

  it('frees its place when a hash fails', async () => {
    const gate = passwordGate({ maxConcurrent: 1, queueMax: 0 });
    // Not an argon2 hash: the verification answers false rather than throwing, and the place is free again.
    expect(await gate.verify('not a hash', 'x')).toBe(false);
    expect(gate.stats()).toMatchObject({ running: 0, queued: 0, completed: 1 });
    expect(await gate.verify(await gate.hash('again'), 'again')).toBe(true);
  });
});
