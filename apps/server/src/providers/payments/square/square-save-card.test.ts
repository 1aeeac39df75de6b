// Issue 21: Square refusing a card saved without paying (POST v1/payment/square/cards) is the shopper's
// decline, not an outage: 402 with Square's reason, nothing saved, logged below error level. Square's
// Cards API answers every card it will not keep on file (an issuer's decline included) as
// INVALID_REQUEST_ERROR / INVALID_CARD_DATA, HTTP 400, and the built-in sandbox answers as Square does,
// so the store's real `square` client path is what is tested.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { squareCardsResponse } from '@store/shared';
import { buildApp } from '../../../app.ts';
import { migrateAll } from '../../../migrations.ts';
import { seed } from '../../../db/seed.ts';
import { as, createShopper, type Shopper } from '../../../../test/support/checkout.ts';
import { openTestDatabase, testConfig } from '../../../../test/support/test-app.ts';
import { tokenizeCard } from '../../../../test/support/vault.ts';
import { SQUARE_SANDBOX_CARDS } from './sandbox/test-cards.ts';

const lines: { level: number; msg?: string; squareCode?: string }[] = [];
let app: FastifyInstance;
let drop: () => Promise<void>;

beforeAll(async () => {
  const opened = await openTestDatabase();
  drop = opened.drop;
  await migrateAll(opened.database);
  await seed(opened.database.db, { demo: false });
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as (typeof lines)[number]);
      done();
    },
  });
  app = await buildApp({ config: testConfig({}, 'info'), database: opened.database, logger: { level: 'info', stream } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
});

const saveCard = (s: Shopper, sourceId: string) =>
  as(app, s, { method: 'POST', url: '/api/v1/payment/square/cards', payload: { sourceId } });
const listCards = async (s: Shopper) => {
  const res = await as(app, s, { method: 'GET', url: '/api/v1/payment/square/cards' });
  expect(res.statusCode, res.body).toBe(200);
  return squareCardsResponse.parse(res.json()).data.paymentMethods;
};

describe('POST v1/payment/square/cards: a card Square refuses', () => {
  it.each([
    ['a declined card typed into the card fields', () => tokenizeCard(app, SQUARE_SANDBOX_CARDS.declined)],
    ['a card without funds', () => tokenizeCard(app, SQUARE_SANDBOX_CARDS.insufficientFunds)],
    ["Square's declined test token", async () => 'cnon:card-nonce-declined'],
    ['a token Square does not know', async () => 'cnon:no-such-card-token-here'],
  ])('%s: 402 with Square reason, nothing saved, no error logged', async (_name, source) => {
    const s = await createShopper(app.db);
    const before = lines.length;
    const res = await saveCard(s, await source());
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toEqual({
      success: false,
      code: 'CARD_DECLINED',
      message: 'Your card was declined. Square did not accept the card details (INVALID_CARD_DATA).',
    });
    expect(await listCards(s)).toEqual([]);
    const logged = lines.slice(before);
    // pino's levels: 50 error, 40 warn, 30 info.
    expect(logged.filter((l) => l.level >= 50)).toEqual([]);
    expect(logged.some((l) => l.level <= 40 && l.squareCode === 'INVALID_CARD_DATA')).toBe(true);
  });

  it('a card Square keeps is saved as before', async () => {
    const s = await createShopper(app.db);
    const res = await saveCard(s, await tokenizeCard(app, SQUARE_SANDBOX_CARDS.approved));
    expect(res.statusCode, res.body).toBe(200);
    expect((await listCards(s)).map((c) => c.last4)).toEqual(['1111']);
  });
});
