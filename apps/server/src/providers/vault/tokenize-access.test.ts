// Issue 21: the vault's POST /tokenize was open to anyone (no session, no Origin needed, no limit) and
// stored an encrypted card for every call. Reproduced as an outsider would: the store and the vault
// listening, real HTTP, several client addresses through the trusted proxy's X-Forwarded-For.
import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAdmin } from '../../../test/support/cashout.ts';
import { createShopper, type Shopper } from '../../../test/support/checkout.ts';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { postTokenize } from '../../../test/support/vault.ts';
import { vaultCards } from '../../db/schema.ts';
import { createFrameSessionSigner } from './frame-session.ts';

const STORE = 'http://store.test:3000';
const CARD = { kind: 'card', number: '4111111111111111', expiry: '12/34' };
const PER_ADDRESS = 6;
const PER_SHOPPER = 3;

let t: TestApp;
let storeUrl: string;
let vaultOrigin: string;
beforeAll(async () => {
  t = await buildTestApp(
    {
      PUBLIC_URL: STORE,
      TRUST_PROXY: ['127.0.0.1'],
      VAULT_TOKENIZE_PER_ADDRESS: PER_ADDRESS,
      VAULT_TOKENIZE_PER_SHOPPER: PER_SHOPPER,
    },
    { seedDemo: false },
  );
  storeUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  vaultOrigin = t.app.vault.origin();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const storedCards = async () => (await t.database.db.select({ n: count() }).from(vaultCards))[0]!.n;
/** A client address of its own, so each test starts with its address's count at zero. */
let addresses = 0;
const newAddress = () => {
  addresses += 1;
  return `10.21.${Math.floor(addresses / 250)}.${1 + (addresses % 250)}`;
};

/** What the store's pay page does for its signed-in shopper: POST /api/v1/vault/frame-session. */
async function frameSessionFor(
  shopper: Shopper,
): Promise<{ status: number; body: { data?: { session: string; expiresAt: string }; code?: string } }> {
  const res = await fetch(`${storeUrl}/api/v1/vault/frame-session`, { method: 'POST', headers: { 'x-auth-token': shopper.token } });
  return { status: res.status, body: (await res.json()) as { data?: { session: string; expiresAt: string }; code?: string } };
}

async function sessionOf(shopper: Shopper): Promise<string> {
  const { status, body } = await frameSessionFor(shopper);
  expect(status).toBe(200);
  return body.data!.session;
}

/** POST /tokenize from `address` (through the trusted proxy) as the card frame sends it. */
const tokenizeFrom = (address: string, session: string | null, extra: Record<string, string> = {}) =>
  postTokenize(t.app, CARD, {
    'x-forwarded-for': address,
    origin: vaultOrigin,
    ...(session ? { 'x-vault-session': session } : {}),
    ...extra,
  });

describe('POST /api/v1/vault/frame-session', () => {
  it('gives a signed-in shopper a nonce that lasts a few minutes; a guest gets 401 and an admin 403', async () => {
    const { status, body } = await frameSessionFor(await createShopper(t.app.db));
    expect(status).toBe(200);
    expect(body.data!.session).toMatch(/^fs1\./);
    const lifetime = Date.parse(body.data!.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(4 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(5 * 60_000);

    expect((await fetch(`${storeUrl}/api/v1/vault/frame-session`, { method: 'POST' })).status).toBe(401);
    expect((await frameSessionFor(await createAdmin(t.app.db))).status).toBe(403);
  });

  it('is limited per shopper (429 with Retry-After)', async () => {
    const shopper = await createShopper(t.app.db);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await frameSessionFor(shopper)).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const over = await fetch(`${storeUrl}/api/v1/vault/frame-session`, { method: 'POST', headers: { 'x-auth-token': shopper.token } });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await over.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
  });
});

describe('POST /tokenize', () => {
  it('takes a card from the frame with a frame session from the store', async () => {
    const before = await storedCards();
    const res = await tokenizeFrom(newAddress(), await sessionOf(await createShopper(t.app.db)));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ token: expect.stringMatching(/^card_/), last4: '1111' });
    expect(await storedCards()).toBe(before + 1);
  });

  it('refuses a request with no Origin, and stores nothing', async () => {
    const session = await sessionOf(await createShopper(t.app.db));
    const before = await storedCards();
    const res = await postTokenize(t.app, CARD, { 'x-forwarded-for': newAddress(), 'x-vault-session': session });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ success: false, code: 'FORBIDDEN', message: 'Origin required', field: 'origin' });
    expect(await storedCards()).toBe(before);
  });

  it('refuses a foreign Origin even with a good session, and stores nothing', async () => {
    const session = await sessionOf(await createShopper(t.app.db));
    const before = await storedCards();
    const res = await tokenizeFrom(newAddress(), session, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(await res.json()).toMatchObject({ code: 'FORBIDDEN', field: 'origin' });
    expect(await storedCards()).toBe(before);
  });

  it('refuses a missing, forged, altered or expired frame session with 403, and stores nothing', async () => {
    const shopper = await createShopper(t.app.db);
    const good = await sessionOf(shopper);
    const [version, payload, signature] = good.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const altered = `${version}.${Buffer.from(JSON.stringify({ ...claims, i: 'someone-else' })).toString('base64url')}.${signature}`;
    const forged = createFrameSessionSigner(randomBytes(32), { ttlMs: 60_000 }).sign({ kind: 'shopper', id: shopper.id }).session;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 6 * 60_000);
    const expired = t.app.vault.issueFrameSession({ kind: 'shopper', id: shopper.id }).session;
    vi.useRealTimers();

    const before = await storedCards();
    const cases: [string | null, string][] = [
      [null, 'VAULT_SESSION_INVALID'],
      ['not-a-session', 'VAULT_SESSION_INVALID'],
      [forged, 'VAULT_SESSION_INVALID'],
      [altered, 'VAULT_SESSION_INVALID'],
      [expired, 'VAULT_SESSION_EXPIRED'],
    ];
    for (const [session, code] of cases) {
      const res = await tokenizeFrom(newAddress(), session);
      expect(res.status, code).toBe(403);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ success: false, code, field: 'session' });
      // Nothing of the card comes back.
      expect(JSON.stringify(body)).not.toContain('4111');
    }
    expect(await storedCards()).toBe(before);
  });

  it('limits one address, whoever the shoppers are (429 with Retry-After), and not the next address', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= PER_ADDRESS; i++) {
      const res = await tokenizeFrom(address, await sessionOf(await createShopper(t.app.db)));
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await res.json()).toMatchObject({ success: false, code: 'VAULT_TOKENIZE_LIMITED' });
      }
    }
    expect(statuses).toEqual([...Array<number>(PER_ADDRESS).fill(200), 429]);
    // Over the limit nothing is stored either.
    const before = await storedCards();
    expect((await tokenizeFrom(address, await sessionOf(await createShopper(t.app.db)))).status).toBe(429);
    expect(await storedCards()).toBe(before);
    expect((await tokenizeFrom(newAddress(), await sessionOf(await createShopper(t.app.db)))).status).toBe(200);
  });

  it('limits one shopper across several addresses', async () => {
    const shopper = await createShopper(t.app.db);
    const statuses: number[] = [];
    // A fresh session each time changes nothing: the count is the shopper's.
    for (let i = 0; i <= PER_SHOPPER; i++) statuses.push((await tokenizeFrom(newAddress(), await sessionOf(shopper))).status);
    expect(statuses).toEqual([...Array<number>(PER_SHOPPER).fill(200), 429]);
    // Another shopper on the same addresses is not held up.
    expect((await tokenizeFrom(newAddress(), await sessionOf(await createShopper(t.app.db)))).status).toBe(200);
  });

  it('counts refused sessions against the address too', async () => {
    const address = newAddress();
    for (let i = 0; i < PER_ADDRESS; i++) expect((await tokenizeFrom(address, 'fs1.forged.nonce')).status).toBe(403);
    expect((await tokenizeFrom(address, await sessionOf(await createShopper(t.app.db)))).status).toBe(429);
  });
});

describe('POST /tokenize without a trusted proxy', () => {
  let direct: TestApp;
  beforeAll(async () => {
    direct = await buildTestApp({ PUBLIC_URL: STORE, VAULT_TOKENIZE_PER_ADDRESS: 2 }, { seedDemo: false });
  });
  afterAll(() => direct.close());

  it('counts the socket address: a made-up X-Forwarded-For does not open a new count', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const session = direct.app.vault.issueFrameSession({ kind: 'shopper', id: `shopper-${i}` }).session;
      const res = await postTokenize(direct.app, CARD, {
        origin: direct.app.vault.origin(),
        'x-vault-session': session,
        'x-forwarded-for': newAddress(),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});
