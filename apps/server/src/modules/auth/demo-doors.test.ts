// Issue 7, "the demo doors are open": the local mailbox showed every mail (password-reset links too) to
// anyone, and test-login handed out an admin session whenever demo data was on. Now the demo doors exist
// only in demo mode, answer only this machine unless DEMO_REMOTE_ACCESS opens them, and test-login offers
// the admin only with TEST_LOGIN_ADMIN.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts.ts';
import { DEMO_LOCAL_ONLY_MESSAGE } from '../../plugins/demo-doors.ts';
import { mailTo, post, signupBody, uniqueEmail } from '../../../test/support/auth.ts';

const SHOPPER = DEMO_ACCOUNTS.find((a) => a.role === 'USER')!;
const ADMIN = DEMO_ACCOUNTS.find((a) => a.role === 'ADMIN')!;
const LOCAL_ONLY = { success: false, message: DEMO_LOCAL_ONLY_MESSAGE, code: 'DEMO_LOCAL_ONLY' };

/** Every demo door, as a request a browser would make. */
function doors(mailId: string): [string, InjectOptions][] {
  return [
    ['test-accounts', { method: 'GET', url: '/api/v1/auth/test-accounts' }],
    ['test-login', { method: 'POST', url: '/api/v1/auth/test-login', payload: { email: SHOPPER.email } }],
    ['mailbox page', { method: 'GET', url: '/mailbox' }],
    ['one mail', { method: 'GET', url: `/mailbox/${mailId}` }],
    ["one mail's HTML", { method: 'GET', url: `/mailbox/${mailId}/html` }],
    ['mailbox API', { method: 'GET', url: '/api/dev/mailbox' }],
  ];
}

async function someMailId(t: TestApp): Promise<string> {
  const email = uniqueEmail('door');
  await post(t.app, '/api/v1/auth/signup', signupBody(email));
  return (await mailTo(t.app, email))[0]!._id;
}

describe('demo doors in demo mode', () => {
  let t: TestApp;
  let mailId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    mailId = await someMailId(t);
  });
  afterAll(() => t.close());

  it('answer a browser on this machine', async () => {
    for (const [what, request] of doors(mailId)) {
      const res = await t.app.inject(request);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
    }
  });

  it.each([
    ['another address', { remoteAddress: '203.0.113.50' }],
    ['another address on IPv6', { remoteAddress: '2001:db8::5' }],
    ['a proxy on this machine relaying someone (no proxy trusted)', { headers: { 'x-forwarded-for': '203.0.113.50' } }],
    ['a page asked for by a foreign name (DNS rebinding)', { headers: { host: 'attacker.example:3000' } }],
  ])('refuse %s with 403, showing nothing', async (_who, from: Pick<InjectOptions, 'remoteAddress' | 'headers'>) => {
    for (const [what, request] of doors(mailId)) {
      const res = await t.app.inject({ ...request, ...from, headers: { ...(request.headers ?? {}), ...(from.headers ?? {}) } });
      expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual(LOCAL_ONLY);
    }
  });

  it('test-login offers and signs in the shopper only: the admin is no demo account by default', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/auth/test-accounts' });
    expect(list.json().data.map((a: { email: string }) => a.email)).toEqual([SHOPPER.email]);
    const admin = await post(t.app, '/api/v1/auth/test-login', { email: ADMIN.email });
    expect(admin.statusCode).toBe(404);
    expect(admin.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'There is no demo account with that e-mail.' });
    expect(admin.body).not.toContain('token');
  });
});

describe('demo doors opened on purpose', () => {
  let t: TestApp;
  let mailId: string;
  beforeAll(async () => {
    t = await buildTestApp({ DEMO_REMOTE_ACCESS: true, TEST_LOGIN_ADMIN: true });
    mailId = await someMailId(t);
  });
  afterAll(() => t.close());

  it('DEMO_REMOTE_ACCESS answers other machines', async () => {
    for (const [what, request] of doors(mailId)) {
      const res = await t.app.inject({ ...request, remoteAddress: '203.0.113.50' });
      expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
    }
  });

  it('TEST_LOGIN_ADMIN includes the admin account', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/auth/test-accounts' });
    expect(list.json().data.map((a: { role: string }) => a.role)).toEqual(['USER', 'ADMIN']);
    const res = await post(t.app, '/api/v1/auth/test-login', { email: ADMIN.email });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ role: 'ADMIN', email: ADMIN.email });
  });
});

describe('demo doors with demo mode off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ DEMO_DATA: false }, { seedDemo: false });
  });
  afterAll(() => t.close());

  it('do not exist, even for this machine, and mail goes to the log instead', async () => {
    expect(t.app.config.MAIL_TRANSPORT).toBe('log');
    for (const [what, request] of doors('00000000-0000-4000-8000-000000000001')) {
      const res = await t.app.inject(request);
      // The SPA fallback has no build in tests: pages answer its 404 text, API paths the 404 envelope.
      expect(res.statusCode, what).toBe(404);
      expect(res.body).not.toContain('Confirm your e-mail');
    }
    expect(t.app.mailer.kind).toBe('log');
  });
});
