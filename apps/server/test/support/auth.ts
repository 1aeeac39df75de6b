// Helpers for the API tests of accounts: read the local mailbox, pull tokens out of links, and
// create confirmed accounts the way a shopper would (sign up, open the link).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export interface StoredMailJson {
  _id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

export const uniqueEmail = (label = 'shopper') => `${label}-${randomBytes(5).toString('hex')}@example.com`;

export async function mailTo(app: FastifyInstance, email: string): Promise<StoredMailJson[]> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** The token of the newest verify (`/login?verify=`) or reset (`/new-password/`) link in a text. */
export function tokenFromLink(text: string, kind: 'verify' | 'reset'): string {
  const pattern = kind === 'verify' ? /\/login\?verify=([A-Za-z0-9_-]+)/ : /\/new-password\/([A-Za-z0-9_-]+)/;
  const match = text.match(pattern);
  if (!match) throw new Error(`no ${kind} link in: ${text}`);
  return match[1]!;
}

export const signupBody = (email: string, overrides: Record<string, unknown> = {}) => ({
  email,
  password: 'correct horse battery',
  firstname: 'Mei',
  lastname: 'Lin',
  adultConfirmed: true,
  ...overrides,
});

export function post(app: FastifyInstance, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url, payload: payload as object, headers });
}

/** Signs up and opens the confirmation link; returns the credentials. */
export async function createVerifiedUser(app: FastifyInstance, email = uniqueEmail()) {
  const body = signupBody(email);
  expect((await post(app, '/api/v1/auth/signup', body)).statusCode).toBe(201);
  const [mail] = await mailTo(app, email);
  const verified = await post(app, '/api/v1/auth/verify-email', { token: tokenFromLink(mail!.text, 'verify') });
  expect(verified.statusCode).toBe(200);
  return { email, password: body.password };
}

/** Signs in and returns the session token and user. */
export async function loginAs(app: FastifyInstance, email: string, password: string) {
  const res = await post(app, '/api/v1/auth/login', { email, password });
  expect(res.statusCode).toBe(200);
  return res.json().data as { token: string; user: { _id: string; role: string; email: string } };
}
