// A new card's CVV in the vault (issue 22, ADR 038): typed in the card frame with the number, sealed with
// the card, and kept only until the relay sends it to the provider. The first relay use takes it (a second
// use goes without a CVV: its member is left out of the request); a token's CVV is gone once the token's
// time is up, whether the token was used or not; the database never holds it in the clear.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateAll } from '../../migrations.ts';
import { vaultCards } from '../../db/schema.ts';
import { openTestDatabase, type TestDatabase } from '../../../test/support/test-app.ts';
import { checkCard, type CheckedCard } from './card-rules.ts';
import { placeholder } from './placeholders.ts';
import { createVault, type Vault } from './vault.ts';

const PAN = '4111111111111111';
const TTL_MS = 15 * 60_000;

let database: TestDatabase;
let vault: Vault;
let clock = Date.now();
let server: http.Server;
let providerUrl = '';
/** The bodies the provider received, parsed (each must be JSON: the relay never breaks the text). */
const received: Record<string, unknown>[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      received.push(JSON.parse(raw) as Record<string, unknown>);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"SUCCESS"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  database = await openTestDatabase();
  await migrateAll(database.database);
  vault = createVault(database.database.db, randomBytes(32), {
    relay: { destinations: [providerUrl], timeoutMs: 10_000 },
    now: () => clock,
    cardTokenTtlMs: TTL_MS,
  });
}, 60_000);
afterAll(async () => {
  await database?.drop();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function store(cvv?: string, number = PAN): Promise<string> {
  const checked = checkCard({ number, expiry: '12/34', cvv });
  if ('error' in checked) throw new Error(checked.error);
  return (await vault.storeCard(checked as CheckedCard, cvv)).token;
}

const rowOf = async (token: string) => (await database.database.db.select().from(vaultCards).where(eq(vaultCards.token, token)))[0];

/** A provider call as the Nuvei client writes one: the card and, beside it, its own CVV. */
const cardCall = (token: string) =>
  JSON.stringify({
    amount: '1.00',
    paymentOption: {
      card: {
        cardNumber: placeholder('card.number', token),
        CVV: placeholder('card.cvv', token),
        expirationMonth: placeholder('card.expMonth', token),
      },
    },
  });

describe("a new card's CVV in the vault", () => {
  it('is sealed at rest: the row holds no CVV in the clear, and a card given none has none', async () => {
    const token = await store('9173', '378282246310005');
    const row = await rowOf(token);
    expect(row?.cvv).toEqual(expect.any(String));
    expect(JSON.stringify(row)).not.toContain('9173');
    expect((await rowOf(await store()))?.cvv).toBeNull();
  });

  it('goes to the provider with the first relay use and is cleared by it; a second use goes without a CVV', async () => {
    const token = await store('482');
    await vault.relay({ url: `${providerUrl}/payment`, body: cardCall(token) });
    expect(received.at(-1)).toEqual({ amount: '1.00', paymentOption: { card: { cardNumber: PAN, CVV: '482', expirationMonth: '12' } } });
    expect((await rowOf(token))?.cvv).toBeNull();

    // The same token again: the card still goes, its CVV member is left out (the text stays JSON).
    await vault.relay({ url: `${providerUrl}/payment`, body: cardCall(token) });
    expect(received.at(-1)).toEqual({ amount: '1.00', paymentOption: { card: { cardNumber: PAN, expirationMonth: '12' } } });
    expect(await vault.takeCardCvv(token)).toBeNull();
  });

  it('is left out wherever its member stands: first, last, alone, or beside another left out', async () => {
    const none = await store();
    const cvv = placeholder('card.cvv', none);
    const bodies: [string, unknown][] = [
      [`{"CVV":"${cvv}","a":1}`, { a: 1 }],
      [`{"a":1, "CVV" : "${cvv}" }`, { a: 1 }],
      [`{"card":{"CVV":"${cvv}"}}`, { card: {} }],
      [`{"x":"${cvv}","y":"${cvv}"}`, {}],
      [`{"a":1,"x":"${cvv}","y":"${cvv}","b":2}`, { a: 1, b: 2 }],
      [`{"list":["${cvv}",1]}`, { list: [null, 1] }],
    ];
    for (const [body, sent] of bodies) {
      await vault.relay({ url: `${providerUrl}/payment`, body });
      expect(received.at(-1), body).toEqual(sent);
    }
  });

  it('two relays of the same token at once: exactly one of them carries the CVV', async () => {
    const token = await store('555');
    await Promise.all([0, 1].map(() => vault.relay({ url: `${providerUrl}/payment`, body: cardCall(token) })));
    const sent = received.slice(-2).map((b) => (b.paymentOption as { card: { CVV?: string } }).card.CVV);
    expect(sent.filter((c) => c === '555')).toHaveLength(1);
    expect(sent.filter((c) => c === undefined)).toHaveLength(1);
  });

  it('is not taken when the request is refused before sending (an unknown card beside it)', async () => {
    const token = await store('606');
    const body = JSON.stringify({ a: placeholder('card.number', 'card_unknown-to-the-vault'), CVV: placeholder('card.cvv', token) });
    await expect(vault.relay({ url: `${providerUrl}/payment`, body })).rejects.toMatchObject({ code: 'UNKNOWN_CARD' });
    expect(await vault.takeCardCvv(token)).toBe('606');
  });

  it("goes when the token's time is up: an unused token with its row, a used one (read, CVV never sent) by the job", async () => {
    const unused = await store('111');
    const used = await store('222');
    // A provider read the card (a sandbox, a payment's first step) but no relay sent the CVV.
    expect(await vault.detokenize(used)).toMatchObject({ number: PAN });
    clock += TTL_MS + 1;
    try {
      const fresh = await store('333');
      // Past its time it is handed to nobody, even before the job runs.
      expect(await vault.takeCardCvv(used)).toBeNull();
      await vault.relay({ url: `${providerUrl}/payment`, body: JSON.stringify({ CVV: placeholder('card.cvv', used), n: 1 }) });
      expect(received.at(-1)).toEqual({ n: 1 });
      const { jobs } = vault.background({ info: () => {} });
      await jobs![0]!.run();
      expect(await rowOf(unused)).toBeUndefined();
      const kept = await rowOf(used);
      expect(kept).toMatchObject({ token: used, cvv: null });
      // A token still in its time keeps its CVV.
      expect((await rowOf(fresh))?.cvv).toEqual(expect.any(String));
      expect(await vault.clearExpiredCvvs()).toBe(0);
      expect(await vault.takeCardCvv(fresh)).toBe('333');
    } finally {
      clock = Date.now();
    }
  });
});
