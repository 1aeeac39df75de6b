import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { emailTokens, mailbox, users } from '../../db/schema.ts';
import { mailTo, post, signupBody, tokenFromLink, uniqueEmail } from '../../../test/support/auth.ts';

let t: TestApp;
beforeAll(async () => {
  // A high limit: these tests are about the rules, rate-limit.test.ts is about the limit.
  t = await buildTestApp({ AUTH_RATE_LIMIT_MAX: 1000, PUBLIC_URL: 'https://shop.example.test' });
});
afterAll(() => t.close());

const countUsers = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;
const countMail = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(mailbox))[0]!.n;

describe('POST /api/v1/auth/signup', () => {
  it('creates an unverified account and mails a branded confirmation link built from PUBLIC_URL', async () => {
    const email = uniqueEmail();
    const res = await post(t.app, '/api/v1/auth/signup', signupBody(email));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: 'Check your inbox to confirm your e-mail.' });

    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.emailVerifiedAt).toBeNull();
    expect(user!.role).toBe('USER');
    // The 18+ confirmation is kept with the account, when it was given.
    expect(user!.adultConfirmedAt).toBeInstanceOf(Date);
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user!.passwordHash).not.toContain('correct horse battery');

    const mails = await mailTo(t.app, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Confirm your e-mail for Lucky Dragon Collective');
    expect(mails[0]!.text).toMatch(/^Hi Mei,/);
    expect(mails[0]!.text).toMatch(/https:\/\/shop\.example\.test\/login\?verify=[A-Za-z0-9_-]{43}/);
    const token = tokenFromLink(mails[0]!.text, 'verify');
    expect(mails[0]!.html).toContain(`href="https://shop.example.test/login?verify=${token}"`);
  });

  it('normalises the e-mail (trimmed, lower-cased) so one mailbox has one account', async () => {
    const email = uniqueEmail();
    await post(t.app, '/api/v1/auth/signup', signupBody(`  ${email.toUpperCase()} `));
    const rows = await t.database.db.select({ email: users.email }).from(users).where(eq(users.email, email));
    expect(rows).toEqual([{ email }]);
  });

  it('answers an already registered, verified address exactly like a new one and warns its owner', async () => {
    const email = uniqueEmail();
    await post(t.app, '/api/v1/auth/signup', signupBody(email));
    const [first] = await mailTo(t.app, email);
    await post(t.app, '/api/v1/auth/verify-email', { token: tokenFromLink(first!.text, 'verify') });
    const fresh = await post(t.app, '/api/v1/auth/signup', signupBody(uniqueEmail()));

    const again = await post(t.app, '/api/v1/auth/signup', signupBody(email, { password: 'another password', firstname: 'Eve' }));
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.json()).toEqual(fresh.json());

    const mails = await mailTo(t.app, email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe('Someone tried to sign up with your address at Lucky Dragon Collective');
    expect(mails[0]!.text).toMatch(/^Hi Mei,/);
    expect(mails[0]!.text).toContain('https://shop.example.test/login');
    expect(mails[0]!.text).not.toMatch(/verify=/);

    // Nothing about the account changed: the original password still signs in.
    const login = await post(t.app, '/api/v1/auth/login', { email, password: 'correct horse battery' });
    expect(login.statusCode).toBe(200);
  });

  it('answers an unverified address like a new one and sends a fresh confirmation link', async () => {
    const email = uniqueEmail();
    const first = await post(t.app, '/api/v1/auth/signup', signupBody(email));
    const again = await post(t.app, '/api/v1/auth/signup', signupBody(email));
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const mails = await mailTo(t.app, email);
    expect(mails).toHaveLength(2);
    const [newer, older] = mails.map((m) => tokenFromLink(m.text, 'verify'));
    expect(newer).not.toBe(older);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  describe('bad input is a 400 naming the field and changes nothing', () => {
    const cases: [string, unknown, string][] = [
      ['missing e-mail', { password: 'correct horse battery', firstname: 'A', lastname: 'B' }, 'email'],
      ['e-mail of the wrong type', signupBody('x', { email: 42 }), 'email'],
      ['not an e-mail', signupBody('not-an-email'), 'email'],
      ['oversized e-mail', signupBody(`${'a'.repeat(250)}@example.com`), 'email'],
      ['short password', signupBody(uniqueEmail(), { password: 'short' }), 'password'],
      ['oversized password', signupBody(uniqueEmail(), { password: 'p'.repeat(129) }), 'password'],
      ['oversized first name', signupBody(uniqueEmail(), { firstname: 'N'.repeat(61) }), 'firstname'],
      ['blank last name', signupBody(uniqueEmail(), { lastname: '   ' }), 'lastname'],
      ['name of the wrong type', signupBody(uniqueEmail(), { lastname: ['x'] }), 'lastname'],
      ['unknown field', signupBody(uniqueEmail(), { role: 'ADMIN' }), 'role'],
      // The terms require it (issue 24): no account without the 18+ confirmation.
      ['no 18+ confirmation', signupBody(uniqueEmail(), { adultConfirmed: undefined }), 'adultConfirmed'],
      ['18+ not confirmed', signupBody(uniqueEmail(), { adultConfirmed: false }), 'adultConfirmed'],
    ];
    it.each(cases)('%s', async (_label, body, field) => {
      const [usersBefore, mailBefore] = [await countUsers(), await countMail()];
      const res = await post(t.app, '/api/v1/auth/signup', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field });
      expect(res.json().message).toContain(field);
      expect(await countUsers()).toBe(usersBefore);
      expect(await countMail()).toBe(mailBefore);
    });

    it('malformed JSON', async () => {
      const usersBefore = await countUsers();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "a@example.com", "password": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: 'Malformed JSON body' });
      expect(await countUsers()).toBe(usersBefore);
    });
  });
});

describe('POST /api/v1/auth/verify-email', () => {
  async function signupAndGetToken(email = uniqueEmail()) {
    await post(t.app, '/api/v1/auth/signup', signupBody(email));
    const [mail] = await mailTo(t.app, email);
    return { email, token: tokenFromLink(mail!.text, 'verify') };
  }

  it('confirms the address once; the same link then answers 400', async () => {
    const { email, token } = await signupAndGetToken();
    const res = await post(t.app, '/api/v1/auth/verify-email', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Your e-mail is confirmed. You can sign in now.', data: { email } });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.emailVerifiedAt).toBeInstanceOf(Date);

    const reused = await post(t.app, '/api/v1/auth/verify-email', { token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({
      success: false,
      code: 'TOKEN_USED',
      message: 'This confirmation link was already used. Please sign in.',
    });
  });

  it('refuses a link older than 24 hours and leaves the account unverified', async () => {
    const { email, token } = await signupAndGetToken();
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    await t.database.db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailTokens.userId, user!.id));
    const res = await post(t.app, '/api/v1/auth/verify-email', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'TOKEN_EXPIRED', message: 'This confirmation link has expired. Please request a new one.' });
    const [after] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(after!.emailVerifiedAt).toBeNull();
  });

  it('issues links that last 24 hours', async () => {
    const { email } = await signupAndGetToken();
    const [row] = await t.database.db
      .select({ hours: sql<number>`round(extract(epoch from (${emailTokens.expiresAt} - now())) / 3600)::int` })
      .from(emailTokens)
      .innerJoin(users, eq(users.id, emailTokens.userId))
      .where(eq(users.email, email));
    expect(row!.hours).toBe(24);
  });

  it('refuses an unknown token', async () => {
    const res = await post(t.app, '/api/v1/auth/verify-email', { token: 'x'.repeat(43) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'TOKEN_INVALID', field: 'token' });
  });

  it('stores only a hash of the link token', async () => {
    const { token } = await signupAndGetToken();
    const rows = await t.database.db.select().from(emailTokens);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it.each([
    ['missing token', {}, 'token'],
    ['token of the wrong type', { token: 1234567890123456 }, 'token'],
    ['oversized token', { token: 'a'.repeat(129) }, 'token'],
    ['unknown field', { token: 'a'.repeat(43), extra: true }, 'extra'],
  ])('bad input: %s', async (_label, body, field) => {
    const res = await post(t.app, '/api/v1/auth/verify-email', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field });
  });
});

describe('POST /api/v1/auth/resend-email', () => {
  it('gives the same answer for unknown, unverified and verified addresses', async () => {
    const unverified = uniqueEmail();
    await post(t.app, '/api/v1/auth/signup', signupBody(unverified));
    const verified = uniqueEmail();
    await post(t.app, '/api/v1/auth/signup', signupBody(verified));
    const [mail] = await mailTo(t.app, verified);
    await post(t.app, '/api/v1/auth/verify-email', { token: tokenFromLink(mail!.text, 'verify') });

    const answers = await Promise.all(
      [uniqueEmail('nobody'), unverified, verified].map((email) => post(t.app, '/api/v1/auth/resend-email', { email })),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'If that address has an account waiting for confirmation, a new link is on its way.',
      });
    }
    expect(await mailTo(t.app, unverified)).toHaveLength(2);
    expect(await mailTo(t.app, verified)).toHaveLength(1);
  });

  it('sends a new link while the earlier one stays valid until the address is confirmed', async () => {
    const email = uniqueEmail();
    await post(t.app, '/api/v1/auth/signup', signupBody(email));
    await post(t.app, '/api/v1/auth/resend-email', { email });
    const [newer, older] = (await mailTo(t.app, email)).map((m) => tokenFromLink(m.text, 'verify'));
    expect(newer).not.toBe(older);
    expect((await post(t.app, '/api/v1/auth/verify-email', { token: older })).statusCode).toBe(200);
    // Once the address is confirmed every other confirmation link is retired, and says so.
    const again = await post(t.app, '/api/v1/auth/verify-email', { token: newer });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'TOKEN_USED', message: 'This confirmation link was already used. Please sign in.' });
  });

  it.each([
    ['missing e-mail', {}, 'email'],
    ['not an e-mail', { email: 'nope' }, 'email'],
    ['unknown field', { email: 'a@example.com', firstname: 'x' }, 'firstname'],
  ])('bad input: %s', async (_label, body, field) => {
    const mailBefore = await countMail();
    const res = await post(t.app, '/api/v1/auth/resend-email', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field });
    expect(await countMail()).toBe(mailBefore);
  });
});
