// Drives a social sign-in through the built-in sandbox identity providers with app.inject: start,
// the consent page's form, the callback (query or Apple's form_post) and the hand-over exchange.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export type Provider = 'apple' | 'facebook';
export type Fault = 'none' | 'foreign-key' | 'wrong-audience' | 'expired' | 'wrong-nonce';

export interface ConsentChoice {
  email: string;
  name?: string;
  emailVerified?: boolean;
  hideEmail?: boolean;
  fault?: Fault;
  decision?: 'allow' | 'deny';
}

export const s256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export interface StartedSignIn {
  provider: Provider;
  authorizeUrl: URL;
  /** The browser's binding secret (its hash went to start). */
  verifier: string;
}

export async function startSocial(app: FastifyInstance, provider: Provider): Promise<StartedSignIn> {
  const verifier = randomBytes(32).toString('base64url');
  const res = await app.inject({ method: 'GET', url: `/api/v1/auth/${provider}/start?binding=${s256(verifier)}` });
  expect(res.statusCode).toBe(302);
  return { provider, authorizeUrl: new URL(res.headers.location as string), verifier };
}

/** The provider's answer as the browser would bring it back: the callback request to replay. */
export interface CallbackRequest {
  method: 'GET' | 'POST';
  url: string;
  form?: Record<string, string>;
}

const hiddenInputs = (html: string) =>
  Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, decode(m[2]!)]));
const decode = (v: string) =>
  v
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Fills in and submits the sandbox's consent page; answers the callback the browser is sent to. */
export async function consent(app: FastifyInstance, started: StartedSignIn, choice: ConsentChoice): Promise<CallbackRequest> {
  const q = started.authorizeUrl.searchParams;
  const page = await app.inject({ method: 'GET', url: started.authorizeUrl.pathname + started.authorizeUrl.search });
  expect(page.statusCode).toBe(200);
  const form = new URLSearchParams({
    ...hiddenInputs(page.body),
    decision: choice.decision ?? 'allow',
    email: choice.email,
    name: choice.name ?? 'Sam Social',
    fault: choice.fault ?? 'none',
  });
  if (choice.emailVerified ?? true) form.set('email_verified', 'true');
  if (choice.hideEmail) form.set('hide_email', 'true');
  expect(form.get('state')).toBe(q.get('state'));
  const res = await app.inject({
    method: 'POST',
    url: started.authorizeUrl.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  if (q.get('response_mode') === 'form_post') {
    expect(res.statusCode).toBe(200);
    const action = /<form method="post" action="([^"]+)"/.exec(res.body)![1]!;
    return { method: 'POST', url: new URL(decode(action)).pathname, form: hiddenInputs(res.body) };
  }
  expect(res.statusCode).toBe(303);
  const back = new URL(res.headers.location as string);
  return { method: 'GET', url: back.pathname + back.search };
}

/** Sends the browser's callback; answers where the store sends the browser next. */
export async function callback(app: FastifyInstance, request: CallbackRequest): Promise<string> {
  const res = await app.inject(
    request.method === 'GET'
      ? { method: 'GET', url: request.url }
      : {
          method: 'POST',
          url: request.url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(request.form).toString(),
        },
  );
  expect(res.statusCode).toBe(303);
  return res.headers.location as string;
}

export const handoffCode = (location: string) => /^\/social-login#code=([A-Za-z0-9_-]+)$/.exec(location)?.[1];

export async function exchange(app: FastifyInstance, code: string, verifier: string) {
  return app.inject({ method: 'POST', url: '/api/v1/auth/social/exchange', payload: { code, verifier } });
}

/** The whole way: start, consent, callback, exchange. Answers the session. */
export async function socialSignIn(app: FastifyInstance, provider: Provider, choice: ConsentChoice) {
  const started = await startSocial(app, provider);
  const location = await callback(app, await consent(app, started, choice));
  const code = handoffCode(location);
  expect(code, `sent to ${location}`).toBeDefined();
  const res = await exchange(app, code!, started.verifier);
  expect(res.statusCode).toBe(200);
  return res.json().data as { token: string; user: { _id: string; email: string; firstname: string; lastname: string } };
}
