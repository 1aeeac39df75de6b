// The card number and a new card's CVV go to the vault only (ADR 010, ADR 038): neither the API's logs
// (at trace level) nor its database rows outside the vault's ciphertext ever hold them, even when a client
// wrongly sends them to /api.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { migrateAll } from '../../migrations.ts';
import { seed } from '../../db/seed.ts';
import { openTestDatabase, testConfig } from '../../../test/support/test-app.ts';
import { createShopper } from '../../../test/support/checkout.ts';
import { tokenizeCard } from '../../../test/support/vault.ts';
import { answerChallenge, init, paymentFirst, pendingOrder, SANDBOX_CARDS } from '../../../test/support/payments.ts';

const lines: string[] = [];
/** The CVVs typed in this test: unlike any other number in it. */
const CVVS = ['738', '591', '846'] as const;
let app: FastifyInstance;
let drop: () => Promise<void>;
let dumpDatabase: () => Promise<string>;

beforeAll(async () => {
  const opened = await openTestDatabase();
  drop = opened.drop;
  await migrateAll(opened.database);
  await seed(opened.database.db, { demo: false });
  const config = testConfig({}, 'trace');
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({ config, database: opened.database, logger: { level: 'trace', stream } });
  await app.ready();
  dumpDatabase = async () => {
    const rows = await opened.database.rawTransaction((q) =>
      q.query(
        `SELECT row_to_json(p)::text AS j FROM payments p UNION ALL SELECT row_to_json(s)::text FROM saved_cards s UNION ALL SELECT row_to_json(t)::text FROM sandbox_transactions t`,
      ),
    );
    return rows.map((r) => String(r.j)).join('\n');
  };
});
afterAll(async () => {
  await app.close();
  await drop();
});

describe('the card number never reaches the API', () => {
  it('is absent from trace logs and from payment rows through frictionless, 3-D Secure and refused requests', async () => {
    const s = await createShopper(app.db);
    const order = await pendingOrder(app, s);
    const refused = await init(app, s, { orderId: order._id, cardNumber: SANDBOX_CARDS.frictionless, cvv: CVVS[0] });
    expect(refused.statusCode).toBe(400);
    const paid = await init(app, s, {
      orderId: order._id,
      cardToken: await tokenizeCard(app, SANDBOX_CARDS.frictionless, '12/34', CVVS[1]),
      saveCard: true,
    });
    expect(paid.statusCode).toBe(200);

    const second = await pendingOrder(app, s);
    const step1 = (
      await init(app, s, {
        orderId: second._id,
        cardToken: await tokenizeCard(app, SANDBOX_CARDS.challenge, '12/34', CVVS[2]),
        saveCard: true,
      })
    ).json().data;
    const step2 = (
      await paymentFirst(app, s, {
        orderId: second._id,
        version: step1.paymentOption.card.threeD.version,
        relatedTransactionId: step1.transactionId,
      })
    ).json().data;
    // The bank's page is opened as the browser does, with its secret in the URL.
    const challenge = new URL(step2.url, 'http://localhost');
    // Opened with a GET, the bank page refuses (3-D Secure 2 POSTs it the creq); the logs still show its path.
    expect((await app.inject({ method: 'GET', url: `${challenge.pathname}${challenge.search}` })).statusCode).toBe(405);
    const approved = await answerChallenge(app, step2, 'approve');
    expect(approved.statusCode).toBe(303);

    const log = lines.join('');
    // The capture works: the requests above are in it.
    expect(log).toContain('/api/v1/nuvei/init');
    expect(log).toContain('/sandbox/3ds/');
    // The 3-D Secure page's secret is cut out of the request lines like any token in a URL.
    expect(log).toContain('?secret=[redacted]');
    expect(log).not.toContain(challenge.searchParams.get('secret')!);
    for (const pan of [SANDBOX_CARDS.frictionless, SANDBOX_CARDS.challenge]) {
      expect(log).not.toContain(pan);
      expect(await dumpDatabase()).not.toContain(pan);
    }
    // Three digits also occur in times and ids, so a CVV is looked for as a value: a JSON string of its own,
    // or after anything named like a CVV.
    const database = await dumpDatabase();
    for (const cvv of CVVS) {
      for (const text of [log, database]) {
        expect(text).not.toContain(`"${cvv}"`);
        expect(text).not.toMatch(new RegExp(`(cvv|cvc|csc)[^0-9]{0,12}${cvv}`, 'i'));
      }
    }
  });
});
