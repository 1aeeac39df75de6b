// The last gift-card code, bought by 20 shoppers paying at the same moment through the API: real
// parallel requests (on PostgreSQL they overlap on the test pool's 20 connections; PGlite serialises
// them). Exactly one is charged and gets the code; the others are told it sold out and are never charged.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { giftCardCodes } from '../../db/schema.ts';
import { tokenizeCard } from '../../../test/support/vault.ts';
import { init, SANDBOX_CARDS } from '../../../test/support/payments.ts';
import {
  as,
  createShopper,
  expectLedgerBalanced,
  JADE_GIFT_CARD,
  paymentsFor,
  sandboxBook,
  setFreeStock,
  transactionsSince,
} from '../../../test/support/checkout.ts';
import { GIFT_CARD_SOLD_OUT_MESSAGE as SOLD_OUT_MESSAGE } from '../checkout/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://store.test' }, { seedDemo: false });
});
afterAll(() => t.close());

const db = () => t.database.db;

describe('20 shoppers pay for the last Jade gift-card code at once', () => {
  it('fulfils exactly one; the others get a clear 409, their orders fail, no charge of theirs exists; ledgers balance', async () => {
    const [lastCode] = await setFreeStock(db(), JADE_GIFT_CARD, 1);
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => createShopper(db())));
    // With one code free the card is on sale, so every shopper can place an order for it.
    const orders = await Promise.all(
      shoppers.map(async (s) => {
        const res = await as(t.app, s, {
          method: 'POST',
          url: `/api/v1/checkout/buy/${JADE_GIFT_CARD}`,
          payload: { type: 'giftCard', quantity: 1 },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data as { _id: string; total: number };
      }),
    );
    const tokens = await Promise.all(shoppers.map(() => tokenizeCard(t.app, SANDBOX_CARDS.frictionless)));
    const book = await sandboxBook(db());

    const results = await Promise.all(shoppers.map((s, i) => init(t.app, s, { orderId: orders[i]!._id, cardToken: tokens[i] })));

    const winners = results.flatMap((r, i) => (r.statusCode === 200 ? [i] : []));
    expect(winners, results.map((r) => `${r.statusCode} ${r.body}`).join('\n')).toHaveLength(1);
    const w = winners[0]!;
    expect(results[w]!.json().data.orderStatus).toBe('fulfilled');
    const losers = shoppers.map((_, i) => i).filter((i) => i !== w);
    for (const i of losers) {
      expect(results[i]!.statusCode).toBe(409);
      expect(results[i]!.json()).toMatchObject({ success: false, message: SOLD_OUT_MESSAGE });
    }

    // Each shopper sees where their order stands.
    for (const [i, s] of shoppers.entries()) {
      const res = await as(t.app, s, { method: 'GET', url: `/api/v1/checkout/getorder?orderId=${orders[i]!._id}` });
      expect(res.json().data).toMatchObject(
        i === w
          ? { status: 'fulfilled', giftCardCodes: [{ giftCardId: JADE_GIFT_CARD, name: 'Jade Gift Card $25', code: lastCode }] }
          : { status: 'failed', failureReason: SOLD_OUT_MESSAGE, giftCardCodes: [] },
      );
    }
    const [code] = await db().select().from(giftCardCodes).where(eq(giftCardCodes.code, lastCode!));
    expect(code).toMatchObject({ orderId: orders[w]!._id, userId: shoppers[w]!.id });
    expect(code!.assignedAt).not.toBeNull();

    // No charge stands but the winner's: one approved payment, and the gateway charged nobody else.
    const payments = await paymentsFor(
      db(),
      orders.map((o) => o._id),
    );
    expect(payments.map((p) => [p.orderId, p.status])).toEqual([[orders[w]!._id, 'approved']]);
    const charges = await transactionsSince(db(), book);
    expect(charges.map((c) => [c.userTokenId, c.status, c.amountCents])).toEqual([[shoppers[w]!.id, 'approved', orders[w]!.total]]);
    for (const order of orders) await expectLedgerBalanced(db(), order._id);

    // The card is sold out now, for everyone.
    const card = await t.app.inject({ method: 'GET', url: `/api/v1/admin/gift-card/${JADE_GIFT_CARD}` });
    expect(card.json().data.data.isAvailable).toBe(false);
  });
});
