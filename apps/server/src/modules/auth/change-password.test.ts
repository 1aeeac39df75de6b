// Changing the password while signed in (issue 24): the current password proves the account holder, the
// new one follows the sign-up rule, every session ends and the owner is told by e-mail; a wrong current
// password changes nothing and counts as a failed sign-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createVerifiedUser, loginAs, mailTo, post } from '../../../test/support/auth.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
});
afterAll(() => t.close());

const change = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/change-password', headers: { 'x-auth-token': token }, payload });
const getUser = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/getuser', headers: { 'x-auth-token': token } });
const signIn = (email: string, password: string) => post(t.app, '/api/v1/auth/login', { email, password });

describe('POST /api/v1/auth/change-password', () => {
  it('sets the new password, ends every session and e-mails the owner', async () => {
    const { email, password } = await createVerifiedUser(t.app);
    const here = (await loginAs(t.app, email, password)).token;
    const elsewhere = (await loginAs(t.app, email, password)).token;
    const res = await change(here, { currentPassword: password, newPassword: 'a brand new passphrase' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Your password is changed. Please sign in with the new one.' });
    expect((await getUser(here)).statusCode).toBe(401);
    expect((await getUser(elsewhere)).statusCode).toBe(401);
    expect((await signIn(email, password)).statusCode).toBe(401);
    expect((await signIn(email, 'a brand new passphrase')).statusCode).toBe(200);
    const mails = await mailTo(t.app, email);
    expect(mails.map((m) => m.subject)).toContain('Your Lucky Dragon Collective password was changed');
  });

  it('refuses a wrong current password with 400 naming it, and changes nothing', async () => {
    const { email, password } = await createVerifiedUser(t.app);
    const token = (await loginAs(t.app, email, password)).token;
    const res = await change(token, { currentPassword: 'not my password', newPassword: 'a brand new passphrase' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'WRONG_CURRENT_PASSWORD', field: 'currentPassword' });
    expect((await getUser(token)).statusCode).toBe(200);
    expect((await signIn(email, password)).statusCode).toBe(200);
  });

  it('refuses a short new password, or the same one, naming newPassword; and a guest with 401', async () => {
    const { email, password } = await createVerifiedUser(t.app);
    const token = (await loginAs(t.app, email, password)).token;
    for (const newPassword of ['short', password]) {
      const res = await change(token, { currentPassword: password, newPassword });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, field: 'newPassword' });
    }
    expect((await signIn(email, password)).statusCode).toBe(200);
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      payload: { currentPassword: 'x', newPassword: 'y'.repeat(9) },
    });
    expect(guest.statusCode).toBe(401);
  });
});
