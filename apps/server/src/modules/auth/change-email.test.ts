// Changing the e-mail address while signed in (issue 24): the current password first, a link to the new
// address, and only that link moves the account; the old address is told. An address with an account of its
// own gets a note, never a link, and the asker the same answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createVerifiedUser, loginAs, mailTo, post, uniqueEmail } from '../../../test/support/auth.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
});
afterAll(() => t.close());

const ask = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/change-email', headers: { 'x-auth-token': token }, payload });
const confirm = (token: string) => post(t.app, '/api/v1/auth/change-email/confirm', { token });
const getUser = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/getuser', headers: { 'x-auth-token': token } });
const signIn = (email: string, password: string) => post(t.app, '/api/v1/auth/login', { email, password });

/** The token of the newest confirmation link in the mail to an address. */
async function linkTokenTo(email: string): Promise<string> {
  const mails = await mailTo(t.app, email);
  const match = mails.map((m) => /\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(m.text)).find(Boolean);
  expect(match, `no confirmation link mailed to ${email}`).toBeTruthy();
  return match![1]!;
}

describe('POST /api/v1/auth/change-email and its confirmation', () => {
  it('moves the account to the new address only when the link sent there is opened; the old address is told', async () => {
    const { email, password } = await createVerifiedUser(t.app);
    const session = await loginAs(t.app, email, password);
    const newEmail = uniqueEmail('moved');
    const asked = await ask(session.token, { newEmail: newEmail.toUpperCase(), currentPassword: password });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toContain(`We sent a link to ${newEmail}.`);
    // Nothing moved yet: the account signs in with its address.
    expect((await getUser(session.token)).json().data.email).toBe(email);
    expect((await signIn(email, password)).statusCode).toBe(200);

    const token = await linkTokenTo(newEmail);
    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ success: true, data: { email: newEmail } });
    expect((await getUser(session.token)).json().data.email).toBe(newEmail);
    expect((await signIn(newEmail, password)).statusCode).toBe(200);
    expect((await signIn(email, password)).statusCode).toBe(401);
    const told = await mailTo(t.app, email);
    expect(told.map((m) => m.subject)).toContain('Your Lucky Dragon Collective e-mail address was changed');
    expect(told.find((m) => m.subject.includes('address was changed'))!.text).toContain(newEmail);

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'TOKEN_USED', field: 'token' });
  });

  it('refuses a wrong current password naming it, its own address naming newEmail, and a bad address; nothing is sent', async () => {
    const { email, password } = await createVerifiedUser(t.app);
    const session = await loginAs(t.app, email, password);
    const newEmail = uniqueEmail('never');
    const wrong = await ask(session.token, { newEmail, currentPassword: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_CURRENT_PASSWORD', field: 'currentPassword' });
    const same = await ask(session.token, { newEmail: email, currentPassword: password });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ code: 'SAME_EMAIL', field: 'newEmail' });
    const bad = await ask(session.token, { newEmail: 'not-an-address', currentPassword: password });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('newEmail');
    expect(await mailTo(t.app, newEmail)).toEqual([]);
    const guest = await post(t.app, '/api/v1/auth/change-email', { newEmail, currentPassword: password });
    expect(guest.statusCode).toBe(401);
  });

  it('answers the same for an address that has an account, which gets a note and no link; nothing moves', async () => {
    const owner = await createVerifiedUser(t.app);
    const { email, password } = await createVerifiedUser(t.app);
    const session = await loginAs(t.app, email, password);
    const asked = await ask(session.token, { newEmail: owner.email, currentPassword: password });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toContain(`We sent a link to ${owner.email}.`);
    const mails = await mailTo(t.app, owner.email);
    expect(mails.map((m) => m.subject)).toContain('Someone asked to use your address at Lucky Dragon Collective');
    expect(mails.some((m) => m.text.includes('/confirm-email?token='))).toBe(false);
    expect((await getUser(session.token)).json().data.email).toBe(email);
  });

  it('confirms only the latest address asked for; an address taken meanwhile is a 409 that changes nothing', async () => {
    const { email, password } = await createVerifiedUser(t.app);
    const session = await loginAs(t.app, email, password);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await ask(session.token, { newEmail: first, currentPassword: password });
    const firstToken = await linkTokenTo(first);
    await ask(session.token, { newEmail: second, currentPassword: password });
    expect((await confirm(firstToken)).json()).toMatchObject({ code: 'TOKEN_USED' });

    const secondToken = await linkTokenTo(second);
    // Someone signs up with that address and confirms it before the link is opened.
    await createVerifiedUser(t.app, second);
    const taken = await confirm(secondToken);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
    expect((await getUser(session.token)).json().data.email).toBe(email);
  });

  it('refuses an expired or unknown link with 400 naming token', async () => {
    const { email, password } = await createVerifiedUser(t.app);
    const session = await loginAs(t.app, email, password);
    const newEmail = uniqueEmail('late');
    await ask(session.token, { newEmail, currentPassword: password });
    const token = await linkTokenTo(newEmail);
    await t.database.db.execute(
      sql`UPDATE email_tokens SET expires_at = now() - interval '1 minute' WHERE purpose = 'change-email' AND pending_email = ${newEmail}`,
    );
    expect((await confirm(token)).json()).toMatchObject({ code: 'TOKEN_EXPIRED', field: 'token' });
    expect((await confirm('x'.repeat(43))).json()).toMatchObject({ code: 'TOKEN_INVALID', field: 'token' });
    expect((await getUser(session.token)).json().data.email).toBe(email);
  });
});
