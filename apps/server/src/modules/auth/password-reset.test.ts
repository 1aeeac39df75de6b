import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { emailTokens, users } from '../../db/schema.ts';
import { createVerifiedUser, loginAs, mailTo, post, signupBody, tokenFromLink, uniqueEmail } from '../../../test/support/auth.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_MAX: 1000, PUBLIC_URL: 'https://shop.example.test/' });
});
afterAll(() => t.close());

const FORGOT_ANSWER = { success: true, message: 'If that address has an account, a link to choose a new password is on its way.' };

async function requestReset(email: string) {
  const res = await post(t.app, '/api/v1/auth/forgot-password', { email });
  expect(res.statusCode).toBe(200);
  // The lookup and the mail happen after the answer, through the outbox.
  await t.app.outbox.drain();
  const [mail] = await mailTo(t.app, email);
  return { mail: mail!, token: tokenFromLink(mail!.text, 'reset') };
}

const checkToken = (token: string) => t.app.inject({ method: 'GET', url: `/api/v1/auth/reset-password/${token}` });
const getUser = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/getuser', headers: { 'x-auth-token': token } });

describe('POST /api/v1/auth/forgot-password', () => {
  it('mails a reset link built from PUBLIC_URL, with the same answer as for an unknown address', async () => {
    const { email } = await createVerifiedUser(t.app);
    const known = await post(t.app, '/api/v1/auth/forgot-password', { email });
    const unknown = await post(t.app, '/api/v1/auth/forgot-password', { email: uniqueEmail('nobody') });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(FORGOT_ANSWER);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(FORGOT_ANSWER);

    await t.app.outbox.drain();
    const [mail] = await mailTo(t.app, email);
    expect(mail!.subject).toBe('Choose a new password for Lucky Dragon Collective');
    expect(mail!.text).toMatch(/https:\/\/shop\.example\.test\/new-password\/[A-Za-z0-9_-]{43}/);
    expect(mail!.html).toContain(`href="https://shop.example.test/new-password/${tokenFromLink(mail!.text, 'reset')}"`);
  });

  it('issues links valid for one hour', async () => {
    const { email } = await createVerifiedUser(t.app);
    await requestReset(email);
    const [row] = await t.database.db
      .select({ minutes: sql<number>`round(extract(epoch from (${emailTokens.expiresAt} - now())) / 60)::int` })
      .from(emailTokens)
      .innerJoin(users, eq(users.id, emailTokens.userId))
      .where(sql`${users.email} = ${email} and ${emailTokens.purpose} = 'reset-password'`);
    expect(row!.minutes).toBe(60);
  });

  it.each([
    ['missing e-mail', {}, 'email'],
    ['e-mail of the wrong type', { email: true }, 'email'],
    ['oversized e-mail', { email: `${'b'.repeat(250)}@example.com` }, 'email'],
    ['unknown field', { email: 'a@example.com', token: 'x' }, 'token'],
  ])('bad input: %s', async (_label, body, field) => {
    const res = await post(t.app, '/api/v1/auth/forgot-password', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field });
  });
});

describe('GET /api/v1/auth/reset-password/:token', () => {
  it('shows the e-mail of a usable link and 400 for an unknown one', async () => {
    const { email } = await createVerifiedUser(t.app);
    const { token } = await requestReset(email);
    const res = await checkToken(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { email } });

    const unknown = await checkToken('y'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ success: false, code: 'TOKEN_INVALID' });
    expect((await checkToken('short')).statusCode).toBe(400);
  });
});

describe('POST /api/v1/auth/reset-password', () => {
  it('sets the new password, signs out every session, and the link works once', async () => {
    const { email, password } = await createVerifiedUser(t.app);
    const phone = await loginAs(t.app, email, password);
    const laptop = await loginAs(t.app, email, password);
    const { token } = await requestReset(email);

    const res = await post(t.app, '/api/v1/auth/reset-password', { token, password: 'a brand new secret' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Your password is changed. Please sign in with the new one.' });

    expect((await getUser(phone.token)).statusCode).toBe(401);
    expect((await getUser(laptop.token)).statusCode).toBe(401);
    expect((await post(t.app, '/api/v1/auth/login', { email, password })).statusCode).toBe(401);
    expect((await post(t.app, '/api/v1/auth/login', { email, password: 'a brand new secret' })).statusCode).toBe(200);

    const reused = await post(t.app, '/api/v1/auth/reset-password', { token, password: 'attacker password' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ success: false, code: 'TOKEN_USED' });
    expect((await checkToken(token)).statusCode).toBe(400);
    expect((await post(t.app, '/api/v1/auth/login', { email, password: 'a brand new secret' })).statusCode).toBe(200);
  });

  it('retires older reset links once one is used', async () => {
    const { email } = await createVerifiedUser(t.app);
    const { token: older } = await requestReset(email);
    const { token: newer } = await requestReset(email);
    expect(older).not.toBe(newer);
    expect((await post(t.app, '/api/v1/auth/reset-password', { token: newer, password: 'first new secret' })).statusCode).toBe(200);
    expect((await post(t.app, '/api/v1/auth/reset-password', { token: older, password: 'second new secret' })).statusCode).toBe(400);
  });

  it('confirms the e-mail of an unconfirmed account (opening the link proved ownership)', async () => {
    const email = uniqueEmail();
    await post(t.app, '/api/v1/auth/signup', signupBody(email));
    const { token } = await requestReset(email);
    expect((await post(t.app, '/api/v1/auth/reset-password', { token, password: 'now i can sign in' })).statusCode).toBe(200);
    expect((await post(t.app, '/api/v1/auth/login', { email, password: 'now i can sign in' })).statusCode).toBe(200);
  });

  it('refuses a link older than one hour and keeps the old password', async () => {
    const { email, password } = await createVerifiedUser(t.app);
    const { token } = await requestReset(email);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    await t.database.db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`${emailTokens.userId} = ${user!.id} and ${emailTokens.purpose} = 'reset-password'`);

    expect((await checkToken(token)).statusCode).toBe(400);
    const res = await post(t.app, '/api/v1/auth/reset-password', { token, password: 'too late password' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'TOKEN_EXPIRED', message: 'This password reset link has expired. Please request a new one.' });
    expect((await post(t.app, '/api/v1/auth/login', { email, password })).statusCode).toBe(200);
  });

  it('a confirmation link cannot be used as a reset link', async () => {
    const email = uniqueEmail();
    await post(t.app, '/api/v1/auth/signup', signupBody(email));
    const [mail] = await mailTo(t.app, email);
    const verifyToken = tokenFromLink(mail!.text, 'verify');
    const res = await post(t.app, '/api/v1/auth/reset-password', { token: verifyToken, password: 'sneaky new password' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'TOKEN_INVALID' });
  });

  it.each([
    ['short new password', { token: 'z'.repeat(43), password: 'short' }, 'password'],
    ['oversized new password', { token: 'z'.repeat(43), password: 'p'.repeat(129) }, 'password'],
    ['missing token', { password: 'long enough password' }, 'token'],
    ['token of the wrong type', { token: { $ne: null }, password: 'long enough password' }, 'token'],
    ['unknown field', { token: 'z'.repeat(43), password: 'long enough password', email: 'a@example.com' }, 'email'],
  ])('bad input: %s', async (_label, body, field) => {
    const res = await post(t.app, '/api/v1/auth/reset-password', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field });
  });
});
