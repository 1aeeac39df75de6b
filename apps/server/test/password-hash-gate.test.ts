// Issue 21: every sign-in, sign-up and reset ran argon2 (~20 MiB, tens of milliseconds) with no bound
// on how many waited, so a flood of them queued on libuv's small thread pool for as long as the flood
// lasted. Now all of them pass one gate (PASSWORD_HASH_MAX_CONCURRENT running, PASSWORD_HASH_QUEUE_MAX
// waiting): beyond it a request is answered 503 with Retry-After at once, without hashing, and the
// rest of the store keeps answering. Reproduced as an outsider, from many addresses at once.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from './support/test-app.ts';
import { signupBody, uniqueEmail } from './support/auth.ts';
import { httpCall, listenForOutsiders, visitorAddresses, type HttpAnswer } from './support/http.ts';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: ['127.0.0.1'], PASSWORD_HASH_MAX_CONCURRENT: 1, PASSWORD_HASH_QUEUE_MAX: 1 }, { seedDemo: false });
  base = await listenForOutsiders(t.app);
});
afterAll(() => t.close());

/** Sign-ins and sign-ups from a crowd of addresses at once, each a fresh address and e-mail. */
function flood(): Promise<HttpAnswer[]> {
  return Promise.all(
    visitorAddresses(24).map((from, i) =>
      i % 2
        ? httpCall(base, 'POST', '/api/v1/auth/login', { from, body: { email: uniqueEmail('flood'), password: 'a guess' } })
        : httpCall(base, 'POST', '/api/v1/auth/signup', { from, body: signupBody(uniqueEmail('flood')) }),
    ),
  );
}

describe('the password-hash gate under a flood', () => {
  it('refuses beyond its budget with 503 and Retry-After, while the store still answers', async () => {
    const seen: HttpAnswer[] = [];
    const pings: number[] = [];
    await vi.waitFor(
      async () => {
        const [answers, ping] = await Promise.all([flood(), httpCall(base, 'GET', '/api/ping', { from: '127.0.0.1' })]);
        seen.push(...answers);
        pings.push(ping.status);
        expect(answers.some((a) => a.status === 503)).toBe(true);
      },
      { timeout: 60_000, interval: 50 },
    );
    expect(pings.every((status) => status === 200)).toBe(true);
    // Every answer is one the client can act on: checked (401 / 201) or told to come back.
    expect(seen.every((a) => [201, 401, 503].includes(a.status))).toBe(true);
    for (const busy of seen.filter((a) => a.status === 503)) {
      expect(busy.body).toEqual({
        success: false,
        code: 'SERVER_BUSY',
        message: 'We are very busy right now. Please try again in a few seconds.',
      });
      expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const stats = t.app.passwordGate.stats();
    expect(stats.refused).toBe(seen.filter((a) => a.status === 503).length);
    expect(stats.completed).toBe(seen.filter((a) => a.status !== 503).length);
  }, 90_000);

  it('gives its places back once the flood is over: sign-up and sign-in work again', async () => {
    const email = uniqueEmail('after-flood');
    const [from] = visitorAddresses(1);
    expect((await httpCall(base, 'POST', '/api/v1/auth/signup', { from: from!, body: signupBody(email) })).status).toBe(201);
    // The right password of an account not yet confirmed: checked (403), not refused.
    const signIn = await httpCall(base, 'POST', '/api/v1/auth/login', { from: from!, body: { email, password: 'correct horse battery' } });
    expect(signIn.body.code).toBe('EMAIL_NOT_VERIFIED');
    expect(t.app.passwordGate.stats()).toMatchObject({ running: 0, queued: 0 });
  });
});
