import { randomBytes } from 'node:crypto';

export interface TestUser {
  email: string;
  password: string;
  firstname: string;
  lastname: string;
}

export function newUserDetails(): TestUser {
  const id = randomBytes(5).toString('hex');
  return { email: `shopper-${id}@example.test`, password: `pass-${id}-word`, firstname: 'Sam', lastname: `Shopper${id.slice(0, 3)}` };
}

async function api<T>(baseURL: string, method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseURL}/api/${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { 'x-auth-token': token } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** The newest link to this address in the local mailbox (the server runs without SMTP in tests). */
export async function latestMailLink(baseURL: string, to: string, pathPart: string): Promise<string> {
  const { body } = await api<{ data: { html: string; text: string }[] }>(baseURL, 'GET', `dev/mailbox?to=${encodeURIComponent(to)}`);
  for (const mail of body.data) {
    const match = new RegExp(`https?://[^\\s"'<>]*${pathPart}[^\\s"'<>]*`).exec(mail.text + ' ' + mail.html);
    if (match) return match[0].replace(/&amp;/g, '&');
  }
  throw new Error(`No mail with a ${pathPart} link for ${to}`);
}

/** The billing address a shopper fills in on their profile (a whitelisted state): a card payment needs its country. */
export const E2E_BILLING_ADDRESS = { street: '1 State Street', city: 'Albany', state: 'NY', zipCode: '12207', country: 'US' };

/**
 * A signed-up, e-mail-confirmed user, created through the public API as a shopper would; with
 * `billingAddress`, one who has also filled in their profile's address (PUT v1/user/profile), as a card
 * payment needs the billing country (ADR 037, 039). Sign-up itself asks for no address.
 */
export async function createVerifiedUser(baseURL: string, opts: { billingAddress?: boolean } = {}): Promise<TestUser> {
  const user = newUserDetails();
  const signup = await api(baseURL, 'POST', 'v1/auth/signup', { ...user, adultConfirmed: true });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${JSON.stringify(signup.body)}`);
  const link = await latestMailLink(baseURL, user.email, 'verify=');
  const token = new URL(link).searchParams.get('verify');
  const verified = await api(baseURL, 'POST', 'v1/auth/verify-email', { token });
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${JSON.stringify(verified.body)}`);
  if (opts.billingAddress) {
    const { token } = await signInViaApi(baseURL, user);
    const profile = { firstname: user.firstname, lastname: user.lastname, address: E2E_BILLING_ADDRESS };
    const saved = await api(baseURL, 'PUT', 'v1/user/profile', profile, token);
    if (saved.status !== 200) throw new Error(`profile failed: ${saved.status} ${JSON.stringify(saved.body)}`);
  }
  return user;
}

export async function signInViaApi(baseURL: string, user: TestUser): Promise<{ token: string; user: { _id: string; role: string } }> {
  const res = await api<{ data: { token: string; user: { _id: string; role: string } } }>(baseURL, 'POST', 'v1/auth/login', {
    email: user.email,
    password: user.password,
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}
