import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { mailTo, post, signupBody, tokenFromLink, uniqueEmail } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_MAX: 1000 });
});
afterAll(() => t.close());

const login = (email: string, password: string) => post(t.app, '/api/v1/auth/login', { email, password });

describe('an address registered by someone else before its owner confirmed it', () => {
  it("confirming through the owner's own sign-up link makes the owner's password the one that works", async () => {
    const email = uniqueEmail('victim');
    // Someone who does not own the mailbox signs up first with a password they know.
    await post(t.app, '/api/v1/auth/signup', signupBody(email, { password: 'squatter-password', firstname: 'Mallory' }));
    // The real owner signs up with their own password and confirms through the mail that sign-up sent.
    await post(t.app, '/api/v1/auth/signup', signupBody(email, { password: 'owners-own-password', firstname: 'Olivia', lastname: 'Owner' }));
    const [ownersMail, squattersMail] = await mailTo(t.app, email);
    expect(ownersMail!.text).toMatch(/^Hi Olivia,/);
    expect((await post(t.app, '/api/v1/auth/verify-email', { token: tokenFromLink(ownersMail!.text, 'verify') })).statusCode).toBe(200);

    expect((await login(email, 'squatter-password')).statusCode).toBe(401);
    const owner = await login(email, 'owners-own-password');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.user).toMatchObject({ firstname: 'Olivia', lastname: 'Owner' });

    // The squatter's confirmation link (also in the owner's mailbox) no longer does anything.
    const late = await post(t.app, '/api/v1/auth/verify-email', { token: tokenFromLink(squattersMail!.text, 'verify') });
    expect(late.statusCode).toBe(400);
    expect((await login(email, 'squatter-password')).statusCode).toBe(401);
  });
});
