// Test helpers: talk to the vault's own HTTP port the way the hosted card frames do.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { FrameSessionSubject } from '@store/server-kit';

/** The vault's address for fetch (127.0.0.1: the server listens on IPv4). */
export const vaultUrl = (app: FastifyInstance, path: string) => `${app.vault.origin().replace('localhost', '127.0.0.1')}${path}`;

/** POST /tokenize with exactly these headers (beside content-type): how an outsider would call it. */
export function postTokenize(app: FastifyInstance, body: unknown, headers: Record<string, string> = {}) {
  return fetch(vaultUrl(app, '/tokenize'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** A shopper nobody else uses, so tests never share a per-shopper tokenize count by accident. */
export const someShopper = (): FrameSessionSubject => ({ kind: 'shopper', id: `test-shopper-${randomBytes(6).toString('hex')}` });

/** The headers a card frame sends: its own origin and a frame session for `subject` (ADR 032). */
export function frameHeaders(app: FastifyInstance, subject: FrameSessionSubject = someShopper()): Record<string, string> {
  return { origin: app.vault.origin(), 'x-vault-session': app.vault.issueFrameSession(subject).session };
}

/** POST /tokenize as a card frame sends it; `headers` adds to or replaces the frame's. */
export function frameTokenize(
  app: FastifyInstance,
  body: unknown,
  { subject, headers = {} }: { subject?: FrameSessionSubject; headers?: Record<string, string> } = {},
) {
  return postTokenize(app, body, { ...frameHeaders(app, subject), ...headers });
}

/** The CVV a test types with a card: 4 digits for American Express, 3 for the others (ADR 038). */
export const testCvvFor = (number: string) => (/^3[47]/.test(number) ? '1234' : '123');

/** A vault token for a card with its CVV, as the card frame would get it; `cvv: null` for a token without one. */
export async function tokenizeCard(
  app: FastifyInstance,
  number: string,
  expiry = '12/34',
  cvv: string | null = testCvvFor(number),
): Promise<string> {
  const res = await frameTokenize(app, { kind: 'card', number, expiry, ...(cvv === null ? {} : { cvv }) });
  const json = (await res.json()) as { token: string };
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json.token;
}

export async function tokenizeCvv(app: FastifyInstance, cvv = '123'): Promise<string> {
  const res = await frameTokenize(app, { kind: 'cvv', cvv });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}
