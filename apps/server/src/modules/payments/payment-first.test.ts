// POST v1/nuvei/payment/first (SPEC §7: "body plus version and relatedTransactionId"): the init body
// again with the 3-D Secure version and the init transaction. The card sent must be the one the
// payment was started with; a saved card is continued with the CVV token sent now.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { payments } from '../../db/schema.ts';
import { tokenizeCard, tokenizeCvv } from '../../../test/support/vault.ts';
import { createShopper, ledgerSumForOrder, type Shopper } from '../../../test/support/checkout.ts';
import { init, orderStatus, paymentFirst, pendingOrder, SANDBOX_CARDS } from '../../../test/support/payments.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://store.test' }, { seedDemo: false });
});
afterAll(() => t.close());

const paymentsOf = (orderId: string) => t.database.db.select().from(payments).where(eq(payments.orderId, orderId));

/** Step 1 with the 3-D Secure card; returns what step 2 needs. */
async function startChallengePayment(s: Shopper, orderId: string, card: object) {
  const res = await init(t.app, s, { orderId, ...card });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  return { orderId, version: data.paymentOption.card.threeD.version as string, relatedTransactionId: data.transactionId as string };
}

/** The payment and order are as step 1 left them, and nothing was charged or credited. */
async function expectUnchanged(s: Shopper, orderId: string) {
  expect((await paymentsOf(orderId)).map((p) => p.status)).toEqual(['initiated']);
  expect(await orderStatus(t.app, s, orderId)).toBe('pending');
  expect(await ledgerSumForOrder(t.database.db, orderId)).toBe(0);
}

describe('payment/first with a fresh card', () => {
  it('takes the full init body plus version and relatedTransactionId', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const body = { cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.challenge), saveCard: true };
    const step1 = await startChallengePayment(s, order._id, body);
    const res = await paymentFirst(t.app, s, { ...body, ...step1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ redirect: true, orderStatus: 'pending' });
  });

  it('a body without card fields goes on with the card the payment started with', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const step1 = await startChallengePayment(s, order._id, { cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.challenge) });
    const res = await paymentFirst(t.app, s, step1);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.redirect).toBe(true);
  });

  it('another card, a saved card or another save choice is a 409 naming the field, and changes nothing', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const cardToken = await tokenizeCard(t.app, SANDBOX_CARDS.challenge);
    const step1 = await startChallengePayment(s, order._id, { cardToken, saveCard: true });
    const cases: [object, string][] = [
      [{ cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.challenge), saveCard: true }, 'cardToken'],
      [{ userPaymentOptionId: 'upo_someone_elses', cvvToken: await tokenizeCvv(t.app) }, 'userPaymentOptionId'],
      [{ cardToken, saveCard: false }, 'saveCard'],
    ];
    for (const [card, field] of cases) {
      const res = await paymentFirst(t.app, s, { ...card, ...step1 });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: 'PAYMENT_MISMATCH', field });
      expect(res.json().message).toMatch(/^This is not the .+ this payment was started with\.$/);
      await expectUnchanged(s, order._id);
    }
    const right = await paymentFirst(t.app, s, { cardToken, saveCard: true, ...step1 });
    expect(right.statusCode, right.body).toBe(200);
  });

  it('refuses a card number and unknown fields (strict body)', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const step1 = await startChallengePayment(s, order._id, { cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.challenge) });
    const res = await paymentFirst(t.app, s, { ...step1, cardNumber: SANDBOX_CARDS.challenge });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field: 'cardNumber' });
    await expectUnchanged(s, order._id);
  });
});

describe('payment/first with a saved card', () => {
  /** The 3-D Secure card saved through /add-card (a zero-amount verification, no challenge). */
  async function savedChallengeCard(s: Shopper): Promise<string> {
    const res = await init(t.app, s, { cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.challenge) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.card.userPaymentOptionId;
  }

  it('needs the CVV token again (400 cvvToken) and the same saved card (409), changing nothing', async () => {
    const s = await createShopper(t.database.db);
    const upo = await savedChallengeCard(s);
    const order = await pendingOrder(t.app, s);
    const step1 = await startChallengePayment(s, order._id, { userPaymentOptionId: upo, cvvToken: await tokenizeCvv(t.app) });
    const noCvv = await paymentFirst(t.app, s, { userPaymentOptionId: upo, ...step1 });
    expect(noCvv.statusCode).toBe(400);
    expect(noCvv.json()).toMatchObject({ success: false, field: 'cvvToken' });
    const freshCard = await paymentFirst(t.app, s, { cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.challenge), ...step1 });
    expect(freshCard.statusCode).toBe(409);
    expect(freshCard.json().field).toBe('cardToken');
    const otherCard = await paymentFirst(t.app, s, {
      userPaymentOptionId: 'upo_another_card',
      cvvToken: await tokenizeCvv(t.app),
      ...step1,
    });
    expect(otherCard.statusCode).toBe(409);
    expect(otherCard.json().field).toBe('userPaymentOptionId');
    await expectUnchanged(s, order._id);

    const res = await paymentFirst(t.app, s, { userPaymentOptionId: upo, cvvToken: await tokenizeCvv(t.app), ...step1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.redirect).toBe(true);
  });

  it('pays with the CVV token sent now: one the vault does not know is declined by the provider', async () => {
    const s = await createShopper(t.database.db);
    const upo = await savedChallengeCard(s);
    const order = await pendingOrder(t.app, s);
    const step1 = await startChallengePayment(s, order._id, { userPaymentOptionId: upo, cvvToken: await tokenizeCvv(t.app) });
    const res = await paymentFirst(t.app, s, { userPaymentOptionId: upo, cvvToken: 'cvv_not-issued-by-the-vault', ...step1 });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ success: false, code: 'CARD_DECLINED' });
    expect(await ledgerSumForOrder(t.database.db, order._id)).toBe(0);
  });
});
