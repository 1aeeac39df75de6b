// Shoppers for the multi-request scenarios, created the way a person would: sign up, open the
// confirmation link from the local mailbox (/api/dev/mailbox), sign in, fill in the profile's address. No rows
// are inserted directly.
import type { BenchShopper } from './unit-types.ts';

const PASSWORD = 'bench horse battery staple';
// A card payment needs the billing country (ADR 037, 039), which a shopper fills in on the profile.
const BILLING_ADDRESS = { street: '1 State Street', city: 'Albany', state: 'NY', zipCode: '12207', country: 'US' };

async function postJson(url: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function verifyLinkToken(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  const body = (await res.json()) as { data?: { text: string }[] };
  const match = body.data?.[0]?.text.match(/\/login\?verify=([A-Za-z0-9_-]+)/);
  if (!res.ok || !match) throw new Error(`no confirmation mail for ${email} (${res.status})`);
  return match[1]!;
}

async function createShopper(baseUrl: string, label: string): Promise<BenchShopper> {
  const email = `bench-${label}-${Date.now().toString(36)}@example.com`;
  const signup = await postJson(`${baseUrl}/api/v1/auth/signup`, {
    email,
    password: PASSWORD,
    firstname: 'Bench',
    lastname: 'Shopper',
    adultConfirmed: true,
  });
  if (signup.status !== 201) throw new Error(`sign-up of ${email} failed (${signup.status}): ${JSON.stringify(signup.json)}`);
  const verified = await postJson(`${baseUrl}/api/v1/auth/verify-email`, { token: await verifyLinkToken(baseUrl, email) });
  if (verified.status !== 200) throw new Error(`confirming ${email} failed (${verified.status}): ${JSON.stringify(verified.json)}`);
  const login = await postJson(`${baseUrl}/api/v1/auth/login`, { email, password: PASSWORD });
  const data = login.json.data as { token?: string; user?: { _id?: string } } | undefined;
  const token = data?.token;
  const id = data?.user?._id;
  if (login.status !== 200 || !token || !id) throw new Error(`sign-in of ${email} failed (${login.status}): ${JSON.stringify(login.json)}`);
  const profile = await fetch(`${baseUrl}/api/v1/user/profile`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-auth-token': token },
    body: JSON.stringify({ firstname: 'Bench', lastname: 'Shopper', address: BILLING_ADDRESS }),
  });
  if (profile.status !== 200) throw new Error(`the profile of ${email} was refused (${profile.status}): ${await profile.text()}`);
  return { email, token, id };
}

/** `count` confirmed, signed-in shoppers, labelled `<prefix>-<n>`. */
export function createShoppers(baseUrl: string, prefix: string, count: number): Promise<BenchShopper[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => createShopper(baseUrl, `${prefix}-${i}`)));
}
