// Issue 21: the sign-in limits counted per client address (and address + e-mail), so twenty addresses
// could try hundreds of passwords on one account. Now an account's failures count from any address:
// after AUTH_ACCOUNT_FAILURES_BEFORE_DELAY of them each further check waits a doubling delay (429 with
// Retry-After, no hash run), the same for an address with no account; the owner gets in with the link
// e-mailed when the delay began, or by resetting the password. Reproduced as an outsider: a listening
// server, fetch, and twenty visitors named by the trusted proxy.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from './support/test-app.ts';
import { createVerifiedUser, tokenFromLink, uniqueEmail, type StoredMailJson } from './support/auth.ts';
import { httpCall, listenForOutsiders, visitorAddresses, type HttpAnswer } from './support/http.ts';

const LIMIT = 5;
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: ['127.0.0.1'], AUTH_ACCOUNT_FAILURES_BEFORE_DELAY: LIMIT }, { seedDemo: false });
  base = await listenForOutsiders(t.app);
});
afterAll(() => t.close());

const login = (from: string, body: Record<string, string>) => httpCall(base, 'POST', '/api/v1/auth/login', { from, body });
const hashesRun = () => t.app.passwordGate.stats().completed;

async function mailbox(email: string): Promise<StoredMailJson[]> {
  const answer = await httpCall(base, 'GET', `/api/dev/mailbox?to=${encodeURIComponent(email)}`, { from: '127.0.0.1' });
  expect(answer.status).toBe(200);
  return answer.body.data as StoredMailJson[];
}

/** Two rounds of twenty visitors each guessing at once, as the attacker did. */
async function guessFromTwentyAddresses(email: string): Promise<HttpAnswer[]> {
  const visitors = visitorAddresses(20);
  const answers: HttpAnswer[] = [];
  for (let round = 0; round < 2; round++) {
    answers.push(...(await Promise.all(visitors.map((from, i) => login(from, { email, password: `guess ${round}-${i}` })))));
  }
  return answers;
}

function expectSlowed(answers: HttpAnswer[]) {
  const statuses = answers.map((a) => a.status);
  // Up to the limit the passwords are checked; past it, one at a time behind the delay.
  expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(LIMIT);
  expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LIMIT + 1);
  expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
  for (const refused of answers.filter((a) => a.status === 429)) {
    expect(refused.body).toMatchObject({ success: false, code: 'SIGN_IN_DELAYED' });
    expect(refused.body.message).toMatch(/^Too many wrong passwords for this account\. Please try again in \d+ (seconds|minutes?)\./);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  }
}

/** The message with its number of seconds or minutes taken out. */
const shape = (answer: HttpAnswer) => ({ status: answer.status, ...answer.body, message: answer.body.message?.replace(/\d+/g, 'N') });

describe('many addresses guessing one password', () => {
  it('are slowed after the limit without hashing, and the owner still gets in with the e-mailed link', async () => {
    const { email, password } = await createVerifiedUser(t.app);
    const hashesBefore = hashesRun();
    const answers = await guessFromTwentyAddresses(email);
    expectSlowed(answers);
    // The refused guesses ran no hash: only the checked ones did.
    expect(hashesRun() - hashesBefore).toBe(answers.filter((a) => a.status === 401).length);

    // The owner, from yet another address, waits like everyone else without the link...
    const [home] = visitorAddresses(1);
    const waiting = await login(home!, { email, password });
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThan(0);

    // ...and is mailed a link that lets them past the delay, once.
    const mail = await vi.waitFor(
      async () => {
        const unlock = (await mailbox(email)).find((m) => m.text.includes('/login?unlock='));
        expect(unlock).toBeDefined();
        return unlock!;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(mail.subject).toMatch(/Sign-in attempts/);
    const unlockToken = mail.text.match(/\/login\?unlock=([A-Za-z0-9_-]+)/)![1]!;
    expect((await login(home!, { email, password: 'still a wrong guess', unlockToken })).status).toBe(401);
    const signedIn = await login(home!, { email, password, unlockToken });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data).toMatchObject({ token: expect.any(String), user: { email } });
    // The link is used up, and the right password forgot the failures: a typo is a plain 401 again.
    expect((await login(home!, { email, password: 'one typo', unlockToken })).status).toBe(401);
    expect(hashesRun()).toBeGreaterThan(hashesBefore);
  });

  it('answers an address without an account exactly like one with an account', async () => {
    const { email: known } = await createVerifiedUser(t.app);
    const unknown = uniqueEmail('nobody');
    const visitors = visitorAddresses(LIMIT + 2);
    const knownAnswers: HttpAnswer[] = [];
    const unknownAnswers: HttpAnswer[] = [];
    for (const [i, from] of visitors.entries()) {
      knownAnswers.push(await login(from, { email: known, password: `guess ${i}` }));
      unknownAnswers.push(await login(from, { email: unknown, password: `guess ${i}` }));
    }
    expect(knownAnswers.map((a) => a.status)).toEqual([...Array(LIMIT).fill(401), 429, 429]);
    expect(unknownAnswers.map(shape)).toEqual(knownAnswers.map(shape));
    for (const answers of [knownAnswers, unknownAnswers]) {
      expect(answers.map((a) => a.headers.has('retry-after'))).toEqual([...Array(LIMIT).fill(false), true, true]);
    }
    await t.app.outbox.drain();
    expect(await mailbox(unknown)).toEqual([]);
    expect((await mailbox(known)).filter((m) => m.text.includes('/login?unlock='))).toHaveLength(1);

    const slowed = await guessFromTwentyAddresses(uniqueEmail('ghost'));
    expectSlowed(slowed);
  });

  it('lets the owner in by resetting the password while the account waits', async () => {
    const { email } = await createVerifiedUser(t.app);
    expectSlowed(await guessFromTwentyAddresses(email));
    const [from] = visitorAddresses(1);
    expect((await httpCall(base, 'POST', '/api/v1/auth/forgot-password', { from: from!, body: { email } })).status).toBe(200);
    const reset = await vi.waitFor(
      async () => {
        const found = (await mailbox(email)).find((m) => m.text.includes('/new-password/'));
        expect(found).toBeDefined();
        return found!;
      },
      { timeout: 20_000, interval: 100 },
    );
    const token = tokenFromLink(reset.text, 'reset');
    const newPassword = 'a brand new passphrase';
    expect(
      (await httpCall(base, 'POST', '/api/v1/auth/reset-password', { from: from!, body: { token, password: newPassword } })).status,
    ).toBe(200);
    expect((await login(from!, { email, password: newPassword })).status).toBe(200);
  });

  it('does not let a link for one account past the delay of another', async () => {
    const { email: owner, password } = await createVerifiedUser(t.app);
    const { email: other, password: otherPassword } = await createVerifiedUser(t.app);
    expectSlowed(await guessFromTwentyAddresses(owner));
    expectSlowed(await guessFromTwentyAddresses(other));
    const mail = await vi.waitFor(
      async () => {
        const found = (await mailbox(owner)).find((m) => m.text.includes('/login?unlock='));
        expect(found).toBeDefined();
        return found!;
      },
      { timeout: 20_000, interval: 100 },
    );
    const unlockToken = mail.text.match(/\/login\?unlock=([A-Za-z0-9_-]+)/)![1]!;
    const [from] = visitorAddresses(1);
    expect((await login(from!, { email: other, password: otherPassword, unlockToken })).status).toBe(429);
    expect((await login(from!, { email: owner, password, unlockToken })).status).toBe(200);
  });
});
