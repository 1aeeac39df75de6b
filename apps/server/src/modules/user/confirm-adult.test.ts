// The 18+ confirmation the terms require (issue 24): a password sign-up gives it on its form; an account a
// social sign-in made has not, until the holder confirms it with POST v1/user/confirm-adult.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createVerifiedUser, loginAs, post, uniqueEmail } from '../../../test/support/auth.ts';
import { socialSignIn } from '../../../test/support/social.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_MAX: 1000 }, { seedDemo: false });
});
afterAll(() => t.close());

const getUser = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/getuser', headers: { 'x-auth-token': token } });
const confirmAdult = (token: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/user/confirm-adult', headers: { 'x-auth-token': token }, payload: payload as object });

describe('POST /api/v1/user/confirm-adult', () => {
  it('a password sign-up has confirmed it; a social sign-up has not, until it does', async () => {
    const { email, password } = await createVerifiedUser(t.app);
    const signedUp = await loginAs(t.app, email, password);
    expect((await getUser(signedUp.token)).json().data.adultConfirmed).toBe(true);

    const social = await socialSignIn(t.app, 'facebook', { email: uniqueEmail('social-adult'), emailVerified: false });
    expect((await getUser(social.token)).json().data.adultConfirmed).toBe(false);
    const confirmed = await confirmAdult(social.token, { adultConfirmed: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await getUser(social.token)).json().data.adultConfirmed).toBe(true);
  });

  it('refuses anything but adultConfirmed: true, naming it, and a guest with 401', async () => {
    const social = await socialSignIn(t.app, 'apple', { email: uniqueEmail('not-yet') });
    for (const payload of [{}, { adultConfirmed: false }, { adultConfirmed: 'yes' }, { adultConfirmed: true, extra: 1 }]) {
      const res = await confirmAdult(social.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect((await confirmAdult(social.token, { adultConfirmed: false })).json().field).toBe('adultConfirmed');
    expect((await getUser(social.token)).json().data.adultConfirmed).toBe(false);
    expect((await post(t.app, '/api/v1/user/confirm-adult', { adultConfirmed: true })).statusCode).toBe(401);
  });
});
