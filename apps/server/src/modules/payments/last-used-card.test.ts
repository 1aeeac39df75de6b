// GET v1/payment/last-used-card (issue 24): the saved card the pay page chooses for the shopper, whichever
// provider keeps it; paid for through the API as the pay page pays, never written into the tables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastUsedCardResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { as, createShopper, type Shopper } from '../../../test/support/checkout.ts';
import { tokenizeCard, tokenizeCvv } from '../../../test/support/vault.ts';
import { getCards, init, pendingOrder, SANDBOX_CARDS } from '../../../test/support/payments.ts';
import { payIntent, saveStripeCard, STRIPE_TEST_CARDS } from '../../../test/support/stripe.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
});
afterAll(() => t.close());

const lastUsed = async (s: Shopper) => {
  const res = await as(t.app, s, { method: 'GET', url: '/api/v1/payment/last-used-card' });
  expect(res.statusCode, res.body).toBe(200);
  return lastUsedCardResponse.parse(res.json()).data.lastUsedCard;
};

/** Pays a new order with a new card through the card provider; answers the payment's HTTP status. */
async function payWithNewCard(s: Shopper, number: string, saveCard: boolean) {
  const order = await pendingOrder(t.app, s);
  const res = await init(t.app, s, { orderId: order._id, cardToken: await tokenizeCard(t.app, number), saveCard });
  return res.statusCode;
}

describe('the card the shopper paid with last', () => {
  it('is none before any payment, and none after a new card paid without keeping it', async () => {
    const s = await createShopper(t.database.db);
    expect(await lastUsed(s)).toBeNull();
    expect(await payWithNewCard(s, SANDBOX_CARDS.frictionless, false)).toBe(200);
    expect(await lastUsed(s)).toBeNull();
  });

  it('is a new card kept after paying, then a saved card paid with again; a declined payment changes nothing', async () => {
    const s = await createShopper(t.database.db);
    expect(await payWithNewCard(s, SANDBOX_CARDS.frictionless, true)).toBe(200);
    const [kept] = await getCards(t.app, s);
    expect(await lastUsed(s)).toEqual({ kind: 'card', userPaymentOptionId: kept!.userPaymentOptionId });

    // A second card saved without an order is not "used" until it pays.
    const saved = await init(t.app, s, { cardToken: await tokenizeCard(t.app, '5555555555554444') });
    expect(saved.statusCode, saved.body).toBe(200);
    const master = saved.json().data.card.userPaymentOptionId as string;
    expect(await lastUsed(s)).toEqual({ kind: 'card', userPaymentOptionId: kept!.userPaymentOptionId });

    const order = await pendingOrder(t.app, s);
    const paid = await init(t.app, s, { orderId: order._id, userPaymentOptionId: master, cvvToken: await tokenizeCvv(t.app) });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await lastUsed(s)).toEqual({ kind: 'card', userPaymentOptionId: master });

    expect(await payWithNewCard(s, SANDBOX_CARDS.declined, true)).toBe(402);
    expect(await lastUsed(s)).toEqual({ kind: 'card', userPaymentOptionId: master });
  });

  it('is a Stripe card when Stripe took the newest payment; another shopper never sees it', async () => {
    const s = await createShopper(t.database.db);
    expect(await payWithNewCard(s, SANDBOX_CARDS.frictionless, true)).toBe(200);
    const pm = await saveStripeCard(t.app, s, STRIPE_TEST_CARDS.succeeds);
    const order = await pendingOrder(t.app, s);
    const res = await payIntent(t.app, s, pm, order._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await lastUsed(s)).toEqual({ kind: 'stripe_card', userPaymentOptionId: pm });

    const other = await createShopper(t.database.db);
    expect(await lastUsed(other)).toBeNull();
  });

  it('is none once the kept card is deleted', async () => {
    const s = await createShopper(t.database.db);
    expect(await payWithNewCard(s, SANDBOX_CARDS.frictionless, true)).toBe(200);
    const [kept] = await getCards(t.app, s);
    const deleted = await as(t.app, s, { method: 'DELETE', url: `/api/v1/nuvei/cards/${kept!.userPaymentOptionId}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await lastUsed(s)).toBeNull();
  });

  it('asks for a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/payment/last-used-card' });
    expect(res.statusCode).toBe(401);
  });
});
