// Issue 9, "Real providers must work with our card vault" (ADR 010): with the real Nuvei client
// configured, a card typed into the vault's hosted fields reaches Nuvei as Nuvei's raw card, filled in
// by the vault's relay, while the API (its logs at trace level, its database) never holds the number,
// even when the provider carelessly echoes it back.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { migrateAll } from '../../migrations.ts';
import { seed } from '../../db/seed.ts';
// The checksum as Nuvei's own Node SDK computes it (ADR 039), not the client's.
import { sdkChecksum } from '../../../test/support/safecharge-oracle.ts';
import { openTestDatabase, testConfig } from '../../../test/support/test-app.ts';
import { createShopper, expectLedgerBalanced } from '../../../test/support/checkout.ts';
import { startFakeNuvei, type FakeNuvei } from '../../../test/support/fake-nuvei.ts';
import { getCards, init, paymentFirst, pendingOrder } from '../../../test/support/payments.ts';
import { tokenizeCard, tokenizeCvv } from '../../../test/support/vault.ts';

const creds = { merchantId: '4242424242', merchantSiteId: '112233', secretKey: 'fake-nuvei-secret-key' };
/** Cards the fake approves without a challenge, none of them a sandbox test card. */
const FRESH_CARD = '4242424242424242';
const ADDED_CARD = '5105105105105100';

const lines: string[] = [];
let fake: FakeNuvei;
let app: FastifyInstance;
let drop: () => Promise<void>;
let dumpDatabase: () => Promise<string>;

beforeAll(async () => {
  fake = await startFakeNuvei(creds);
  const opened = await openTestDatabase();
  drop = opened.drop;
  await migrateAll(opened.database);
  await seed(opened.database.db, { demo: false });
  const config = testConfig(
    {
      NUVEI_MERCHANT_ID: creds.merchantId,
      NUVEI_MERCHANT_SITE_ID: creds.merchantSiteId,
      NUVEI_SECRET_KEY: creds.secretKey,
      NUVEI_BASE_URL: fake.baseUrl,
    },
    'trace',
  );
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({ config, database: opened.database, logger: { level: 'trace', stream } });
  await app.ready();
  /** Every row of every table of ours (the store's and the checkout host's, ADR 047), as JSON text. */
  dumpDatabase = () =>
    opened.database.rawTransaction(async (q) => {
      const tables = await q.query<{ schema: string; name: string }>(
        `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
         WHERE table_schema IN (current_schema(), $1) AND table_type = 'BASE TABLE'`,
        [opened.database.hostSchema],
      );
      expect(tables.map((t) => t.name)).toEqual(
        expect.arrayContaining(['payments', 'saved_cards', 'vault_cards', 'orders', 'checkout_card_attempts']),
      );
      const dumps = await Promise.all(
        tables.map(async ({ schema, name }) =>
          (await q.query<{ j: string }>(`SELECT row_to_json(t)::text AS j FROM "${schema}"."${name}" t`)).map((r) => r.j),
        ),
      );
      return dumps.flat().join('\n');
    });
});
afterAll(async () => {
  await app.close();
  await drop();
  await fake.close();
});

/** The card calls Nuvei received for one of our payments (its clientUniqueId). */
const cardCallsFor = (paymentId: string) =>
  fake.calls.filter((c) => (c.method === 'initPayment' || c.method === 'payment') && c.body.clientUniqueId === paymentId);
const lastPaymentId = () => String(fake.calls.filter((c) => c.method === 'initPayment').at(-1)!.body.clientUniqueId);

function expectRawCard(call: { method: string; body: Record<string, unknown> }, card: Record<string, string>) {
  expect(call.body.paymentOption).toEqual({ card: expect.objectContaining({ cardHolderName: 'Mei Lin', ...card }) as unknown });
  // The vault filled the card in after the client signed: the checksum (which covers no card field) holds.
  expect(call.body.checksum).toBe(sdkChecksum(call.method as 'payment', call.body, creds));
}

describe('card payments through the Nuvei client and the vault relay', () => {
  it('a fresh card and then the saved card reach Nuvei as raw cards; the API never holds the number', async () => {
    expect(app.paymentProviders.forMethod('card')?.name).toBe('nuvei');
    const s = await createShopper(app.db);

    // A fresh card, its CVV from the CVV frame, kept for later.
    const order = await pendingOrder(app, s);
    const cardToken = await tokenizeCard(app, FRESH_CARD, '11/33');
    const cvvToken = await tokenizeCvv(app, '737');
    const step1 = await init(app, s, { orderId: order._id, cardToken, cvvToken, saveCard: true });
    expect(step1.statusCode, step1.body).toBe(200);
    const paymentId = lastPaymentId();
    const step2 = await paymentFirst(app, s, {
      orderId: order._id,
      version: step1.json().data.paymentOption.card.threeD.version,
      relatedTransactionId: step1.json().data.transactionId,
      cvvToken,
    });
    expect(step2.statusCode, step2.body).toBe(200);
    expect(step2.json().data).toMatchObject({ redirect: false, orderStatus: 'fulfilled', card: { last4: '4242' } });
    const freshCalls = cardCallsFor(paymentId);
    expect(freshCalls.map((c) => c.method)).toEqual(['initPayment', 'payment']);
    for (const call of freshCalls)
      expectRawCard(call, { cardNumber: FRESH_CARD, expirationMonth: '11', expirationYear: '2033', CVV: '737' });
    await expectLedgerBalanced(app.db, order._id);

    // The saved card with a fresh CVV, from a careless provider that echoes the whole number back.
    const [saved] = await getCards(app, s);
    expect(saved).toMatchObject({ last4: '4242' });
    fake.echoCardNumber = true;
    try {
      const second = await pendingOrder(app, s);
      const savedCvv = await tokenizeCvv(app, '4321');
      const first = await init(app, s, { orderId: second._id, userPaymentOptionId: saved!.userPaymentOptionId, cvvToken: savedCvv });
      expect(first.statusCode, first.body).toBe(200);
      const savedPaymentId = lastPaymentId();
      const paid = await paymentFirst(app, s, {
        orderId: second._id,
        version: first.json().data.paymentOption.card.threeD.version,
        relatedTransactionId: first.json().data.transactionId,
        cvvToken: savedCvv,
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().data).toMatchObject({ orderStatus: 'fulfilled' });
      const savedCalls = cardCallsFor(savedPaymentId);
      expect(savedCalls).toHaveLength(2);
      for (const call of savedCalls)
        expectRawCard(call, { cardNumber: FRESH_CARD, expirationMonth: '11', expirationYear: '2033', CVV: '4321' });
    } finally {
      fake.echoCardNumber = false;
    }

    // A card saved without paying: the zero-amount verification carries it too.
    const added = await init(app, s, { cardToken: await tokenizeCard(app, ADDED_CARD, '02/31'), cvvToken: await tokenizeCvv(app, '555') });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.card).toMatchObject({ last4: '5100' });
    const verification = fake.calls.at(-1)!;
    expect(verification.body).toMatchObject({ transactionType: 'Auth', amount: '0.00' });
    expectRawCard(verification, { cardNumber: ADDED_CARD, expirationMonth: '02', expirationYear: '2031', CVV: '555' });

    const log = lines.join('');
    // The capture works: the requests above are in it.
    expect(log).toContain('/api/v1/nuvei/init');
    expect(log).toContain('/api/v1/nuvei/payment/first');
    const database = await dumpDatabase();
    for (const pan of [FRESH_CARD, ADDED_CARD]) {
      expect(log).not.toContain(pan);
      expect(database).not.toContain(pan);
    }
  });

  it('an unknown card token or an expired CVV token is a decline (402), and nothing reaches Nuvei', async () => {
    const s = await createShopper(app.db);
    const order = await pendingOrder(app, s);
    const before = fake.calls.filter((c) => c.method !== 'getSessionToken').length;
    const unknown = await init(app, s, { orderId: order._id, cardToken: 'card_this-token-is-not-in-the-vault' });
    expect(unknown.statusCode).toBe(402);
    expect(unknown.json()).toMatchObject({ success: false, code: 'CARD_DECLINED' });

    const again = await pendingOrder(app, s);
    const unknownCvv = await init(app, s, {
      orderId: again._id,
      cardToken: await tokenizeCard(app, FRESH_CARD),
      cvvToken: 'cvv_never-handed-out-by-the-vault',
    });
    expect(unknownCvv.statusCode).toBe(402);
    expect(fake.calls.filter((c) => c.method !== 'getSessionToken')).toHaveLength(before);
  });
});
