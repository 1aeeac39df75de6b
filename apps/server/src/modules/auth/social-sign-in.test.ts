import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createVerifiedUser, loginAs, post, signupBody, uniqueEmail } from '../../../test/support/auth.ts';
import { randomBytes } from 'node:crypto';
import {
  callback,
  consent,
  exchange,
  handoffCode,
  s256,
  socialSignIn,
  startSocial,
  type ConsentChoice,
  type Provider,
  type StartedSignIn,
} from '../../../test/support/social.ts';
import { sessions, socialSignInStates, users } from '../../db/schema.ts';
import { redactUrl } from '../../lib/log-safety.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_MAX: 1000 });
});
afterAll(() => t.close());

const getUser = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/getuser', headers: { 'x-auth-token': token } });
const sessionCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(sessions))[0]!.n;
const methods = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/auth/providers', headers: { 'x-auth-token': token } });
const unlink = (token: string, provider: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/auth/providers/${provider}`, headers: { 'x-auth-token': token } });

describe('GET /api/v1/auth/{provider}/start', () => {
  it('redirects to the provider with state, nonce and a PKCE S256 challenge; Apple answers by form_post', async () => {
    const started = await startSocial(t.app, 'apple');
    const q = started.authorizeUrl.searchParams;
    expect(started.authorizeUrl.pathname).toBe('/sandbox/idp/apple/authorize');
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(t.app.identitySandboxes.apple!.clientId);
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('response_mode')).toBe('form_post');
    expect(q.get('redirect_uri')).toMatch(/\/api\/v1\/auth\/apple\/callback$/);
    expect(q.get('scope')!.split(' ')).toContain('openid');
    // The verifier stays on the server: only its S256 challenge travels.
    const [row] = await t.database.db
      .select()
      .from(socialSignInStates)
      .where(eq(socialSignInStates.state, q.get('state')!));
    expect(s256(row!.codeVerifier)).toBe(q.get('code_challenge'));
    expect(started.authorizeUrl.toString()).not.toContain(row!.codeVerifier);
  });

  it('refuses a start without the browser binding, naming the field', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/facebook/start' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('binding');
  });

  it('answers an unknown provider with 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/auth/google/start?binding=${s256('x')}` });
    expect(res.statusCode).toBe(400);
  });
});

describe('the callback', () => {
  it('signs a new shopper in with Facebook: a session, and getuser carries fbData and provider', async () => {
    const email = uniqueEmail('fb');
    const session = await socialSignIn(t.app, 'facebook', { email, name: 'Fay Book' });
    expect(session.user).toMatchObject({ email, firstname: 'Fay', lastname: 'Book' });
    const me = await getUser(session.token);
    expect(me.statusCode).toBe(200);
    const body = me.json();
    expect(body.provider).toBe('facebook');
    expect(body.fbData).toEqual({ id: expect.any(String), name: 'Fay Book', email, picture: expect.stringContaining('picture') });
    expect(body.appleData).toBeNull();
    // No password: the password sign-in cannot open this account.
    const login = await post(t.app, '/api/v1/auth/login', { email, password: 'not-a-real-password-only-for-timing' });
    expect(login.statusCode).toBe(401);
  });

  it('signs in with Apple through form_post; appleData shows a private relay address', async () => {
    const email = uniqueEmail('apple');
    const session = await socialSignIn(t.app, 'apple', { email, name: 'Ann Apple', hideEmail: true });
    const body = (await getUser(session.token)).json();
    expect(body.provider).toBe('apple');
    expect(body.appleData).toEqual({
      sub: expect.any(String),
      email: expect.stringMatching(/@privaterelay\.appleid\.com$/),
      isPrivateEmail: true,
    });
    expect(body.fbData).toBeNull();
    expect(session.user.firstname).toBe('Ann');
  });

  it('signs the same identity in to the same account the next time', async () => {
    const email = uniqueEmail('again');
    const first = await socialSignIn(t.app, 'facebook', { email });
    const second = await socialSignIn(t.app, 'facebook', { email, name: 'New Name' });
    expect(second.user._id).toBe(first.user._id);
    expect((await getUser(second.token)).json().fbData.name).toBe('New Name');
  });

  it('links to an existing account when the provider says the e-mail is verified', async () => {
    const { email, password } = await createVerifiedUser(t.app);
    const existing = await loginAs(t.app, email, password);
    const session = await socialSignIn(t.app, 'apple', { email, emailVerified: true });
    expect(session.user._id).toBe(existing.user._id);
    expect((await getUser(existing.token)).json().provider).toBe('');
    expect((await getUser(session.token)).json().appleData.email).toBe(email);
  });

  it('never attaches an unverified e-mail to the account that owns it: a new account instead', async () => {
    const { email, password } = await createVerifiedUser(t.app);
    const existing = await loginAs(t.app, email, password);
    const session = await socialSignIn(t.app, 'facebook', { email, emailVerified: false });
    expect(session.user._id).not.toBe(existing.user._id);
    expect(session.user.email).not.toBe(email);
    expect((await methods(existing.token)).json().data.providers).toEqual([]);
  });

  it('takes an unconfirmed sign-up over from whoever registered it, dropping their password', async () => {
    const email = uniqueEmail('pre');
    expect((await post(t.app, '/api/v1/auth/signup', signupBody(email, { password: 'Attacker-pass-1' }))).statusCode).toBe(201);
    await socialSignIn(t.app, 'apple', { email, emailVerified: true });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toBe('');
    expect(row!.emailVerifiedAt).not.toBeNull();
    expect((await post(t.app, '/api/v1/auth/login', { email, password: 'Attacker-pass-1' })).statusCode).toBe(401);
  });

  it('refuses a replayed state: the same answer twice signs in once', async () => {
    const started = await startSocial(t.app, 'facebook');
    const answer = await consent(t.app, started, { email: uniqueEmail('replay') });
    expect(handoffCode(await callback(t.app, answer))).toBeDefined();
    const before = await sessionCount();
    expect(await callback(t.app, answer)).toBe('/login?social_error=state');
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a state the store never issued', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/facebook/callback?code=abc&state=forged-state' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?social_error=state');
  });

  it('refuses a state started for the other provider', async () => {
    const started = await startSocial(t.app, 'facebook');
    const state = started.authorizeUrl.searchParams.get('state')!;
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/auth/apple/callback?code=abc&state=${state}` });
    expect(res.headers.location).toBe('/login?social_error=state');
  });

  it('comes back to /login when the shopper cancels at the provider', async () => {
    const started = await startSocial(t.app, 'facebook');
    const answer = await consent(t.app, started, { email: uniqueEmail('cancel'), decision: 'deny' });
    expect(await callback(t.app, answer)).toBe('/login?social_error=cancelled');
  });

  for (const fault of ['foreign-key', 'wrong-audience', 'expired', 'wrong-nonce'] as const) {
    for (const provider of ['apple', 'facebook'] as const) {
      it(`refuses a forged identity (${fault}, ${provider}) and creates no session and no account`, async () => {
        const email = uniqueEmail(`forged-${fault}`);
        const before = await sessionCount();
        const started = await startSocial(t.app, provider);
        const location = await callback(t.app, await consent(t.app, started, { email, fault }));
        expect(location).toBe('/login?social_error=identity');
        expect(await sessionCount()).toBe(before);
        expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      });
    }
  }
});

describe('POST /api/v1/auth/social/exchange', () => {
  it('works once, only for the browser that started the sign-in', async () => {
    const started = await startSocial(t.app, 'facebook');
    const code = handoffCode(await callback(t.app, await consent(t.app, started, { email: uniqueEmail('handoff') })))!;
    const otherBrowser = await exchange(t.app, code, 'a'.repeat(43));
    expect(otherBrowser.statusCode).toBe(400);
    expect(otherBrowser.json().code).toBe('SOCIAL_SIGN_IN_INVALID');
    expect((await exchange(t.app, code, started.verifier)).statusCode).toBe(200);
    const again = await exchange(t.app, code, started.verifier);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/expired or was already used/);
  });
});

describe('the sandbox token endpoint', () => {
  it('refuses a wrong PKCE code_verifier, then the code is used up', async () => {
    const started = await startSocial(t.app, 'facebook');
    const answer = await consent(t.app, started, { email: uniqueEmail('pkce') });
    const code = new URL(answer.url, 'http://x').searchParams.get('code')!;
    const sandbox = t.app.identitySandboxes.facebook!;
    const token = (verifier: string) =>
      t.app.inject({
        method: 'POST',
        url: '/sandbox/idp/facebook/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: started.authorizeUrl.searchParams.get('redirect_uri')!,
          client_id: sandbox.clientId,
          client_secret: sandbox.clientSecret,
          code_verifier: verifier,
        }).toString(),
      });
    const wrong = await token('w'.repeat(43));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('code_verifier') });
    // The store's own exchange of that code fails too: codes are tried once.
    expect(await callback(t.app, answer)).toBe('/login?social_error=identity');
  });

  it('refuses a wrong client secret', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/idp/apple/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'x',
        client_id: t.app.identitySandboxes.apple!.clientId,
        client_secret: 'nope',
      }).toString(),
    });
    expect(res.statusCode).toBe(401);
  });

  it('serves its consent page to this machine only (a demo door)', async () => {
    const started = await startSocial(t.app, 'apple');
    const res = await t.app.inject({
      method: 'GET',
      url: started.authorizeUrl.pathname + started.authorizeUrl.search,
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('sign-in methods and unlinking', () => {
  it('refuses to unlink the only way to sign in, allows it while the other provider remains', async () => {
    const email = uniqueEmail('only');
    const apple = await socialSignIn(t.app, 'apple', { email, emailVerified: true });
    const refused = await unlink(apple.token, 'apple');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'LAST_SIGN_IN_METHOD',
      message: expect.stringContaining('only way to sign in'),
    });

    // Facebook with the same verified e-mail links to the same account.
    const facebook = await socialSignIn(t.app, 'facebook', { email, emailVerified: true });
    expect(facebook.user._id).toBe(apple.user._id);
    expect((await methods(apple.token)).json().data).toMatchObject({
      hasPassword: false,
      providers: [expect.objectContaining({ provider: 'apple' }), expect.objectContaining({ provider: 'facebook' })],
    });

    const done = await unlink(apple.token, 'apple');
    expect(done.statusCode).toBe(200);
    expect(done.json().data.providers.map((p: { provider: string }) => p.provider)).toEqual(['facebook']);
    expect((await getUser(apple.token)).json().appleData).toBeNull();
    expect((await unlink(apple.token, 'facebook')).statusCode).toBe(409);
    expect((await unlink(apple.token, 'apple')).statusCode).toBe(404);
  });

  it('lets a shopper with a password unlink their provider', async () => {
    const { email, password } = await createVerifiedUser(t.app);
    const session = await loginAs(t.app, email, password);
    await socialSignIn(t.app, 'facebook', { email, emailVerified: true });
    expect((await methods(session.token)).json().data).toMatchObject({
      hasPassword: true,
      providers: [expect.objectContaining({ provider: 'facebook' })],
    });
    expect((await unlink(session.token, 'facebook')).statusCode).toBe(200);
    expect((await getUser(session.token)).json().fbData).toBeNull();
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/providers' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/providers/apple' })).statusCode).toBe(401);
  });
});

describe('linking Apple or Facebook from the profile', () => {
  /** POST …/link with the browser's binding: the authorize URL, as a sign-in's start gives it. */
  async function startLink(token: string, provider: Provider): Promise<StartedSignIn> {
    const verifier = randomBytes(32).toString('base64url');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/auth/providers/${provider}/link`,
      headers: { 'x-auth-token': token },
      payload: { binding: s256(verifier) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { provider, authorizeUrl: new URL(res.json().data.url), verifier };
  }
  const finishLink = (token: string, provider: Provider, code: string, verifier: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/auth/providers/${provider}/link/finish`,
      headers: { 'x-auth-token': token },
      payload: { code, verifier },
    });
  /** Start, consent and callback: the one-time code the profile page is handed. */
  async function linkCode(token: string, provider: Provider, choice: ConsentChoice) {
    const started = await startLink(token, provider);
    const location = await callback(t.app, await consent(t.app, started, choice));
    const match = /^\/profile#link=([A-Za-z0-9_-]+)&provider=(apple|facebook)$/.exec(location);
    expect(match, `sent to ${location}`).not.toBeNull();
    expect(match![2]).toBe(provider);
    return { code: match![1]!, verifier: started.verifier };
  }
  async function passwordShopper() {
    const { email, password } = await createVerifiedUser(t.app);
    return loginAs(t.app, email, password);
  }

  it("links an identity whose e-mail is not the account's; it then signs in to this account", async () => {
    const shopper = await passwordShopper();
    const appleEmail = uniqueEmail('linked-apple');
    const { code, verifier } = await linkCode(shopper.token, 'apple', { email: appleEmail, name: 'Ann Apple', emailVerified: false });
    const linked = await finishLink(shopper.token, 'apple', code, verifier);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data.providers).toEqual([expect.objectContaining({ provider: 'apple', email: appleEmail })]);
    expect((await getUser(shopper.token)).json().appleData).toMatchObject({ email: appleEmail });
    const session = await socialSignIn(t.app, 'apple', { email: appleEmail, emailVerified: false });
    expect(session.user._id).toBe(shopper.user._id);
    // The code is used up.
    expect((await finishLink(shopper.token, 'apple', code, verifier)).statusCode).toBe(400);
  });

  it("finishes only in the starting browser and for the user who started it; a link's code is no session", async () => {
    const shopper = await passwordShopper();
    const other = await passwordShopper();
    const { code, verifier } = await linkCode(shopper.token, 'facebook', { email: uniqueEmail('fb-link') });
    const before = await sessionCount();
    expect((await exchange(t.app, code, verifier)).statusCode).toBe(400);
    expect(await sessionCount()).toBe(before);
    const anotherBrowser = await finishLink(shopper.token, 'facebook', code, randomBytes(32).toString('base64url'));
    expect(anotherBrowser.statusCode).toBe(400);
    expect(anotherBrowser.json()).toMatchObject({ code: 'SOCIAL_LINK_INVALID', field: 'code' });
    expect((await finishLink(other.token, 'facebook', code, verifier)).statusCode).toBe(400);
    expect((await finishLink(shopper.token, 'apple', code, verifier)).statusCode).toBe(400);
    expect((await methods(shopper.token)).json().data.providers).toEqual([]);
    expect((await methods(other.token)).json().data.providers).toEqual([]);
    // Still usable by its own browser and user: the refusals above did not use it up.
    expect((await finishLink(shopper.token, 'facebook', code, verifier)).statusCode).toBe(200);
  });

  it('keeps an identity that signs in to another account there (409), and one identity per provider (409)', async () => {
    const email = uniqueEmail('taken');
    const owner = await socialSignIn(t.app, 'facebook', { email, emailVerified: false });
    const shopper = await passwordShopper();
    const taken = await linkCode(shopper.token, 'facebook', { email, emailVerified: false });
    const refused = await finishLink(shopper.token, 'facebook', taken.code, taken.verifier);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'IDENTITY_IN_USE' });
    expect((await methods(owner.token)).json().data.providers).toEqual([expect.objectContaining({ provider: 'facebook' })]);

    const first = await linkCode(shopper.token, 'apple', { email: uniqueEmail('first-apple') });
    expect((await finishLink(shopper.token, 'apple', first.code, first.verifier)).statusCode).toBe(200);
    const second = await linkCode(shopper.token, 'apple', { email: uniqueEmail('second-apple') });
    const again = await finishLink(shopper.token, 'apple', second.code, second.verifier);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_LINKED' });
  });

  it('comes back to the profile when the shopper cancels, or the answer is forged; nothing is linked', async () => {
    const shopper = await passwordShopper();
    const cancelled = await startLink(shopper.token, 'apple');
    const location = await callback(t.app, await consent(t.app, cancelled, { email: uniqueEmail('no'), decision: 'deny' }));
    expect(location).toBe('/profile?link_error=cancelled');
    const forged = await startLink(shopper.token, 'facebook');
    expect(await callback(t.app, await consent(t.app, forged, { email: uniqueEmail('forged'), fault: 'foreign-key' }))).toBe(
      '/profile?link_error=identity',
    );
    expect((await methods(shopper.token)).json().data.providers).toEqual([]);
  });

  it('needs a session, and a binding of 43 base64url characters', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/auth/providers/apple/link', payload: { binding: s256('x') } });
    expect(anonymous.statusCode).toBe(401);
    const shopper = await passwordShopper();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/providers/apple/link',
      headers: { 'x-auth-token': shopper.token },
      payload: { binding: 'short' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('binding');
  });
});

describe('secrets in the log', () => {
  it("keeps the callback's code and state out of logged URLs", () => {
    const logged = redactUrl('/api/v1/auth/facebook/callback?code=the-code-123&state=the-state-456');
    expect(logged).not.toContain('the-code-123');
    expect(logged).not.toContain('the-state-456');
  });
});

describe('the session token', () => {
  it('is stored hashed and never appears in a redirect', async () => {
    const started = await startSocial(t.app, 'facebook');
    const location = await callback(t.app, await consent(t.app, started, { email: uniqueEmail('hash') }));
    const res = await exchange(t.app, handoffCode(location)!, started.verifier);
    const token = res.json().data.token as string;
    expect(location).not.toContain(token);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, res.json().data.user._id));
    expect(rows.map((r) => r.signInProvider)).toEqual(['facebook']);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});
