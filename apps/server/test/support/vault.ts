// Test helpers: talk to the vault's own HTTP port the way the hosted card frames do.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** The vault's address for fetch (127.0.0.1: the server listens on IPv4). */
export const vaultUrl = (app: FastifyInstance, path: string) => `${app.vault.origin().replace('localhost', '127.0.0.1')}${path}`;

export function postTokenize(app: FastifyInstance, body: unknown, headers: Record<string, string> = {}) {
  return fetch(vaultUrl(app, '/tokenize'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** A vault token for a card, as the card frame would get it. */
export async function tokenizeCard(app: FastifyInstance, number: string, expiry = '12/34'): Promise<string> {
  const res = await postTokenize(app, { kind: 'card', number, expiry });
  const json = (await res.json()) as { token: string };
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json.token;
}

export async function tokenizeCvv(app: FastifyInstance, cvv = '123'): Promise<string> {
  const res = await postTokenize(app, { kind: 'cvv', cvv });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}
