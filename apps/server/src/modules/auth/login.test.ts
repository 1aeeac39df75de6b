import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts.ts';
import { sessions, users } from '../../db/schema.ts';
import { hashToken } from '../../lib/ids.ts';
import { createVerifiedUser, loginAs, post, signupBody, uniqueEmail } from '../../../test/support/auth.ts';

let t: TestApp;
beforeAll(async () => {
  // The sign-in address is taken from X-Forwarded-For only from a trusted proxy (app.inject's peer here).
  t = await buildTestApp({ AUTH_RATE_LIMIT_MAX: 1000, TRUST_PROXY: ['127.0.0.1'] });
});
afterAll(() => t.close());

const getUser = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/getuser', headers: token === undefined ? {} : { 'x-auth-token': token } });

describe('POST /api/v1/auth/login', () => {
  it('signs in a confirmed account with a session token and the session user', async () => {
    const { email, password } = await createVerifiedUser(t.app);
    const res = await post(t.app, '/api/v1/auth/login', { email, password }, { 'x-forwarded-for': '203.0.113.7' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      data: {
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        user: { _id: expect.any(String), role: 'USER', email, firstname: 'Mei', lastname: 'Lin' },
      },
    });
    expect((await getUser(body.data.token)).statusCode).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.lastIp).toBe('203.0.113.7');
  });

  it('accepts the e-mail in any case', async () => {
    const { email, password } = await createVerifiedUser(t.app);
    expect((await post(t.app, '/api/v1/auth/login', { email: email.toUpperCase(), password })).statusCode).toBe(200);
  });

  it('keeps only a hash of the token: the raw token appears nowhere in the sessions table', async () => {
    const { email, password } = await createVerifiedUser(t.app);
    const { token, user } = await loginAs(t.app, email, password);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    const everything = await t.database.db.execute(sql`select * from sessions`);
    expect(JSON.stringify(everything)).not.toContain(token);
  });

  it('gives the same 401 for a wrong password and for an unknown e-mail', async () => {
    const { email } = await createVerifiedUser(t.app);
    const wrongPassword = await post(t.app, '/api/v1/auth/login', { email, password: 'not the password' });
    const unknownEmail = await post(t.app, '/api/v1/auth/login', { email: uniqueEmail('ghost'), password: 'not the password' });
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'Invalid e-mail or password.', code: 'INVALID_CREDENTIALS' });
    }
  });

  it('asks an unconfirmed account to confirm first (only with the right password)', async () => {
    const email = uniqueEmail();
    await post(t.app, '/api/v1/auth/signup', signupBody(email));
    const right = await post(t.app, '/api/v1/auth/login', { email, password: 'correct horse battery' });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({
      success: false,
      message: 'Please confirm your e-mail first. We can resend the link.',
      code: 'EMAIL_NOT_VERIFIED',
    });
    const wrong = await post(t.app, '/api/v1/auth/login', { email, password: 'wrong password' });
    expect(wrong.statusCode).toBe(401);
  });

  it('creates sessions that expire after SESSION_TTL_HOURS', async () => {
    const { email, password } = await createVerifiedUser(t.app);
    const { user } = await loginAs(t.app, email, password);
    const [row] = await t.database.db
      .select({ hours: sql<number>`round(extract(epoch from (${sessions.expiresAt} - now())) / 3600)::int` })
      .from(sessions)
      .where(eq(sessions.userId, user._id));
    expect(row!.hours).toBe(t.app.config.SESSION_TTL_HOURS);
  });

  it.each([
    ['missing password', { email: 'a@example.com' }, 'password'],
    ['empty password', { email: 'a@example.com', password: '' }, 'password'],
    ['password of the wrong type', { email: 'a@example.com', password: 123456789 }, 'password'],
    ['oversized password', { email: 'a@example.com', password: 'x'.repeat(129) }, 'password'],
    ['not an e-mail', { email: 'a', password: 'whatever1' }, 'email'],
    ['unknown field', { email: 'a@example.com', password: 'whatever1', remember: true }, 'remember'],
  ])('bad input: %s', async (_label, body, field) => {
    const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(sessions))[0]!.n;
    const res = await post(t.app, '/api/v1/auth/login', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field });
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(sessions))[0]!.n).toBe(before);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'Malformed JSON body' });
  });
});

describe('sessions', () => {
  it('401 without a token and with a made-up token', async () => {
    const none = await getUser();
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ success: false, message: 'Please sign in to continue.', code: 'UNAUTHORIZED' });
    const bad = await getUser('not-a-real-token');
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    const huge = await getUser('x'.repeat(5000));
    expect(huge.statusCode).toBe(401);
  });

  it('an expired session is refused', async () => {
    const { email, password } = await createVerifiedUser(t.app);
    const { token } = await loginAs(t.app, email, password);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await getUser(token)).statusCode).toBe(401);
  });

  it('logout revokes that session only', async () => {
    const { email, password } = await createVerifiedUser(t.app);
    const phone = await loginAs(t.app, email, password);
    const laptop = await loginAs(t.app, email, password);
    const res = await post(t.app, '/api/v1/auth/logout', undefined, { 'x-auth-token': phone.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'You are signed out.' });
    expect((await getUser(phone.token)).statusCode).toBe(401);
    expect((await getUser(laptop.token)).statusCode).toBe(200);
    const again = await post(t.app, '/api/v1/auth/logout', undefined, { 'x-auth-token': phone.token });
    expect(again.statusCode).toBe(401);
  });

  it('logout without a token is 401', async () => {
    const res = await post(t.app, '/api/v1/auth/logout', undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });
});

describe('demo accounts', () => {
  // Who may use these doors, and the admin account, are tested in demo-doors.test.ts.
  it('lists the demo shopper without its password', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/test-accounts' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: [{ email: 'demo@luckydragon.example', role: 'USER', name: 'Dana Demo' }],
    });
    expect(res.body).not.toContain(DEMO_ACCOUNTS[0]!.password);
  });

  it('signs in as the demo shopper with the login answer', async () => {
    const shopper = DEMO_ACCOUNTS.find((a) => a.role === 'USER')!;
    const res = await post(t.app, '/api/v1/auth/test-login', { email: shopper.email });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ role: 'USER', email: shopper.email, firstname: shopper.firstname });
    expect((await getUser(res.json().data.token)).json().data.email).toBe(shopper.email);
  });

  it('refuses an account that is not a demo account', async () => {
    const { email } = await createVerifiedUser(t.app);
    const res = await post(t.app, '/api/v1/auth/test-login', { email });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('bad input is a 400', async () => {
    const res = await post(t.app, '/api/v1/auth/test-login', { email: 'demo@luckydragon.example', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'password' });
  });

  it('does not exist when demo data is off', async () => {
    const off = await buildTestApp({ DEMO_DATA: false }, { seedDemo: false });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/api/v1/auth/test-accounts' })).statusCode).toBe(404);
      const res = await post(off.app, '/api/v1/auth/test-login', { email: DEMO_ACCOUNTS[0]!.email });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    } finally {
      await off.close();
    }
  });
});
