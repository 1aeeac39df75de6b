// How the bench's units get a vault token, as the hosted card field does (ADR 032): a frame session for
// the shopper from the store's API (kept until shortly before it runs out, as the pay page keeps it), then
// POST /tokenize from the store's origin with it.
import type { BenchShopper, UnitContext } from './unit-types.ts';

const RENEW_MARGIN_MS = 60_000;
const sessions = new Map<string, { session: string; expiresAtMs: number }>();

async function frameSession(ctx: UnitContext, shopper: BenchShopper): Promise<string> {
  const known = sessions.get(shopper.token);
  if (known && known.expiresAtMs - Date.now() > RENEW_MARGIN_MS) return known.session;
  const res = await fetch(`${ctx.baseUrl}/api/v1/vault/frame-session`, { method: 'POST', headers: { 'x-auth-token': shopper.token } });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST v1/vault/frame-session → ${res.status}: ${text.slice(0, 200)}`);
  const { session, expiresAt } = (JSON.parse(text) as { data: { session: string; expiresAt: string } }).data;
  sessions.set(shopper.token, { session, expiresAtMs: Date.parse(expiresAt) });
  return session;
}

/** The vault's token for this card (or CVV) body; throws on any other answer. */
export async function vaultToken(ctx: UnitContext, shopper: BenchShopper, body: Record<string, string>): Promise<string> {
  const res = await fetch(`${ctx.vaultUrl}/tokenize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ctx.storeOrigin, 'x-vault-session': await frameSession(ctx, shopper) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`vault tokenize → ${res.status}: ${text.slice(0, 200)}`);
  const { token } = JSON.parse(text) as { token?: string };
  if (!token) throw new Error('the vault returned no token');
  return token;
}
