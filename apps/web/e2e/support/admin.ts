// The demo admin (seeded in demo mode, README "Demo accounts"), signed in through the API as a script of
// the store's staff would be, and its calls (cash-out decisions, wallet adjustments).
const DEMO_ADMIN = { email: 'admin@luckydragon.example', password: 'admin-password-1' };

export interface AdminSession {
  token: string;
  call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: { success: boolean; data: T; message?: string } }>;
}

export async function signInAsAdmin(baseURL: string): Promise<AdminSession> {
  const res = await fetch(`${baseURL}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${await res.text()}`);
  const { token } = ((await res.json()) as { data: { token: string } }).data;
  return {
    token,
    async call(method, path, body, headers = {}) {
      const answer = await fetch(`${baseURL}/api/${path}`, {
        method,
        headers: { ...headers, 'x-auth-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: answer.status, body: await answer.json() };
    },
  };
}

/**
 * Points the store's one card form at another provider (the console's card routing, issue 24). Every
 * shopper of that store sees it, so a test that calls this runs a store of its own.
 */
export async function routeCardsTo(baseURL: string, cardRouting: { primary: string; fallback: string | null }): Promise<void> {
  const admin = await signInAsAdmin(baseURL);
  const current = await admin.call<{ store: object; purchases: object; cashout: object; version: string }>('GET', 'v1/admin/settings');
  if (current.status !== 200) throw new Error(`reading the settings failed: ${current.status}`);
  const { store, purchases, cashout, version } = current.body.data;
  const saved = await admin.call('PUT', 'v1/admin/settings', { store, purchases: { ...purchases, cardRouting }, cashout, version });
  if (saved.status !== 200) throw new Error(`saving the card routing failed: ${saved.status} ${JSON.stringify(saved.body)}`);
}
