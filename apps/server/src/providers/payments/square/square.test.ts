// Square card payments (issue 9, ADR 013) through the real `square` SDK against the built-in Square
// sandbox on its loopback port: config, approved / declined / pending payments, saved Square cards,
// bad input, and Square's webhook (forged, stale, replayed, ten identical at once).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { squareCardsResponse, squareConfigResponse, squareCreatePaymentResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { as, createShopper, expectLedgerBalanced, ledgerSumForOrder, type Shopper } from '../../../../test/support/checkout.ts';
import { orderStatus, pendingOrder } from '../../../../test/support/payments.ts';
import { tokenizeCard } from '../../../../test/support/vault.ts';
import { payments, paymentWebhookEvents } from '../../../db/schema.ts';
import { squareSandboxObjects } from '../../../db/sandbox-schema.ts';
import { SQUARE_SIGNATURE_HEADER, SQUARE_WEBHOOK_PATH } from './names.ts';
import { SQUARE_SANDBOX_CARDS } from './sandbox/test-cards.ts';
import { getWalletCoins } from '../../../modules/wallet/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://store.test' }, { seedDemo: false });
});
afterAll(() => t.close());

const WAIT = { timeout: 15_000, interval: 50 };
const sandbox = () => t.app.squareGateway!.sandbox!;
const purchased = async (s: Shopper) => (await getWalletCoins(t.database.db, s.id)).purchasedWallet;
const pay = (s: Shopper, payload: object) => as(t.app, s, { method: 'POST', url: '/api/v1/payment/square/create-payment', payload });
const listCards = async (s: Shopper) => {
  const res = await as(t.app, s, { method: 'GET', url: '/api/v1/payment/square/cards' });
  expect(res.statusCode, res.body).toBe(200);
  return squareCardsResponse.parse(res.json()).data.paymentMethods;
};
const deleteCard = (s: Shopper, id: string) =>
  as(t.app, s, { method: 'DELETE', url: `/api/v1/payment/square/cards/${encodeURIComponent(id)}` });
const postEvent = (rawBody: string, signature: string | undefined) =>
  t.app.inject({
    method: 'POST',
    url: SQUARE_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { [SQUARE_SIGNATURE_HEADER]: signature }) },
    payload: rawBody,
  });
/** Square's payments of an order's attempts, as the sandbox keeps them. */
async function squarePaymentsOf(orderId: string) {
  const ours = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
  const found = [];
  for (const p of ours)
    found.push(
      ...(await t.database.db
        .select()
        .from(squareSandboxObjects)
        .where(and(eq(squareSandboxObjects.kind, 'payment'), eq(squareSandboxObjects.referenceId, p.id)))),
    );
  return found.map((row) => row.data as { id: string; status: string; amount_money: { amount: number } });
}

describe('GET v1/payment/square/config', () => {
  it('gives the web the vault fields with the sandbox (no credentials, no internet)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/payment/square/config' });
    expect(res.statusCode, res.body).toBe(200);
    expect(squareConfigResponse.parse(res.json()).data).toEqual({
      kind: 'vault-fields',
      environment: 'sandbox',
      vaultOrigin: t.app.vault.origin(),
    });
  });
});

describe('POST v1/payment/square/create-payment', () => {
  it('pays with a card (4111 1111 1111 1111): fulfilled once, coins credited, Square charged the order total', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const res = await pay(s, { orderId: order._id, sourceId: await tokenizeCard(t.app, SQUARE_SANDBOX_CARDS.approved) });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = squareCreatePaymentResponse.parse(res.json());
    expect(data).toMatchObject({ status: 'approved', orderId: order._id, orderStatus: 'fulfilled' });
    expect(data.card).toBeUndefined();
    expect(await purchased(s)).toBe(order.coins + order.bonusCoins);
    await expectLedgerBalanced(t.database.db, order._id);

    const charged = await squarePaymentsOf(order._id);
    expect(charged.map((p) => [p.id, p.status, p.amount_money.amount])).toEqual([[data.transactionId, 'COMPLETED', order.total]]);
    // Square's payment.updated follows; taking it changes nothing.
    await vi.waitFor(async () => {
      const taken = await t.database.db
        .select()
        .from(paymentWebhookEvents)
        .where(and(eq(paymentWebhookEvents.provider, 'square'), eq(paymentWebhookEvents.status, 'done')));
      expect(taken.length).toBeGreaterThan(0);
    }, WAIT);
    expect(await purchased(s)).toBe(order.coins + order.bonusCoins);
    expect(await ledgerSumForOrder(t.database.db, order._id)).toBe(order.coins + order.bonusCoins);
  });

  it("sends a new card's billing ZIP to Square with the payment and with the card kept; a malformed one is a 400 naming billingZip (issue 24)", async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const refused = await pay(s, {
      orderId: order._id,
      sourceId: await tokenizeCard(t.app, SQUARE_SANDBOX_CARDS.approved),
      billingZip: '7',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, field: 'billingZip' });
    expect(await squarePaymentsOf(order._id)).toEqual([]);

    const res = await pay(s, {
      orderId: order._id,
      sourceId: await tokenizeCard(t.app, SQUARE_SANDBOX_CARDS.approved),
      billingZip: '73301',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [charged] = await squarePaymentsOf(order._id);
    expect(charged).toMatchObject({ billing_address: { postal_code: '73301' } });

    const kept = await as(t.app, s, {
      method: 'POST',
      url: '/api/v1/payment/square/cards',
      payload: { sourceId: await tokenizeCard(t.app, SQUARE_SANDBOX_CARDS.approved), billingZip: 'SW1A 1AA' },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const [card] = await t.database.db
      .select()
      .from(squareSandboxObjects)
      .where(and(eq(squareSandboxObjects.kind, 'card'), eq(squareSandboxObjects.id, kept.json().data.card.userPaymentOptionId)));
    expect(card?.data).toMatchObject({ billing_address: { postal_code: 'SW1A 1AA' } });
  });

  it("also takes Square's own test token (cnon:card-nonce-ok)", async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const res = await pay(s, { orderId: order._id, sourceId: 'cnon:card-nonce-ok' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.orderStatus).toBe('fulfilled');
  });

  it.each([
    [SQUARE_SANDBOX_CARDS.declined, 'CARD_DECLINED', 'Your card was declined.'],
    [SQUARE_SANDBOX_CARDS.insufficientFunds, 'INSUFFICIENT_FUNDS', 'Insufficient funds on this card.'],
  ])('a declined card (%s) answers 402 %s and fails the order; no coins', async (number, code, message) => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const res = await pay(s, { orderId: order._id, sourceId: await tokenizeCard(t.app, number) });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({ success: false, code, message });
    expect(await orderStatus(t.app, s, order._id)).toBe('failed');
    expect(await purchased(s)).toBe(0);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(row).toMatchObject({ status: 'declined', provider: 'square-sandbox', method: 'square_card' });
  });

  it("declines Square's declined test token (cnon:card-nonce-declined) with 402", async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const res = await pay(s, { orderId: order._id, sourceId: 'cnon:card-nonce-declined' });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json().code).toBe('CARD_DECLINED');
  });

  it('refuses a malformed body with 400 naming the field, and changes nothing', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const sourceId = await tokenizeCard(t.app, SQUARE_SANDBOX_CARDS.approved);
    const cases: [object, string][] = [
      [{ sourceId }, 'orderId'],
      [{ orderId: order._id, sourceId: 12 }, 'sourceId'],
      [{ orderId: order._id }, 'sourceId'],
      [{ orderId: order._id, sourceId, savedCardId: 'ccof:abc' }, 'sourceId'],
      [{ orderId: order._id, sourceId, saveCard: 'yes' }, 'saveCard'],
    ];
    for (const [payload, field] of cases) {
      const res = await pay(s, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field, JSON.stringify(payload)).toBe(field);
    }
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
    expect(await t.database.db.select().from(payments).where(eq(payments.orderId, order._id))).toEqual([]);
  });

  it('cannot be told the amount: a body carrying one is refused, and Square is charged the order total', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const sourceId = await tokenizeCard(t.app, SQUARE_SANDBOX_CARDS.approved);
    const tampered = await pay(s, { orderId: order._id, sourceId, amount: 1 });
    expect(tampered.statusCode, tampered.body).toBe(400);
    expect(tampered.json().field).toBe('amount');
    expect(await squarePaymentsOf(order._id)).toEqual([]);
    const res = await pay(s, { orderId: order._id, sourceId });
    expect(res.statusCode, res.body).toBe(200);
    expect((await squarePaymentsOf(order._id)).map((p) => p.amount_money.amount)).toEqual([order.total]);
  });

  it("another shopper's order is 404 and nothing reaches Square", async () => {
    const owner = await createShopper(t.database.db);
    const other = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, owner);
    const res = await pay(other, { orderId: order._id, sourceId: await tokenizeCard(t.app, SQUARE_SANDBOX_CARDS.approved) });
    expect(res.statusCode, res.body).toBe(404);
    expect(await squarePaymentsOf(order._id)).toEqual([]);
    expect(await orderStatus(t.app, owner, order._id)).toBe('pending');
  });

  it('a payment Square holds PENDING answers pending; its payment.updated (COMPLETED) fulfils the order once', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const res = await pay(s, { orderId: order._id, sourceId: await tokenizeCard(t.app, SQUARE_SANDBOX_CARDS.pending) });
    expect(res.statusCode, res.body).toBe(200);
    expect(squareCreatePaymentResponse.parse(res.json()).data).toMatchObject({ status: 'pending', orderStatus: 'pending' });
    await vi.waitFor(async () => expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled'), WAIT);
    expect(await purchased(s)).toBe(order.coins + order.bonusCoins);
  });
});

describe('saved Square cards', () => {
  it('saves a paid card, pays with it, lists and deletes it; another shopper gets 404 and changes nothing', async () => {
    const s = await createShopper(t.database.db);
    const first = await pendingOrder(t.app, s);
    const saved = await pay(s, { orderId: first._id, sourceId: await tokenizeCard(t.app, SQUARE_SANDBOX_CARDS.approved), saveCard: true });
    expect(saved.statusCode, saved.body).toBe(200);
    const card = squareCreatePaymentResponse.parse(saved.json()).data.card!;
    expect(card).toMatchObject({ brand: 'visa', last4: '1111', expMonth: 12, expYear: 2034, provider: 'square' });
    expect(card.userPaymentOptionId).toMatch(/^ccof:/);
    expect((await listCards(s)).map((c) => c.userPaymentOptionId)).toEqual([card.userPaymentOptionId]);

    const second = await pendingOrder(t.app, s);
    const again = await pay(s, { orderId: second._id, savedCardId: card.userPaymentOptionId });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({
      status: 'approved',
      orderStatus: 'fulfilled',
      card: { userPaymentOptionId: card.userPaymentOptionId },
    });
    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, second._id));
    expect(row!.userPaymentOptionId).toBe(card.userPaymentOptionId);

    const stranger = await createShopper(t.database.db);
    const theirs = await pendingOrder(t.app, stranger);
    const misuse = await pay(stranger, { orderId: theirs._id, savedCardId: card.userPaymentOptionId });
    expect(misuse.statusCode, misuse.body).toBe(404);
    expect(await orderStatus(t.app, stranger, theirs._id)).toBe('pending');
    expect((await deleteCard(stranger, card.userPaymentOptionId)).statusCode).toBe(404);
    expect(await listCards(stranger)).toEqual([]);
    expect((await listCards(s)).length).toBe(1);

    const deleted = await deleteCard(s, card.userPaymentOptionId);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await listCards(s)).toEqual([]);
    expect((await deleteCard(s, card.userPaymentOptionId)).statusCode).toBe(404);
    const third = await pendingOrder(t.app, s);
    expect((await pay(s, { orderId: third._id, savedCardId: card.userPaymentOptionId })).statusCode).toBe(404);
  });

  it('saves a card without paying (POST v1/payment/square/cards); a declined card is 402 and not saved', async () => {
    const s = await createShopper(t.database.db);
    const res = await as(t.app, s, {
      method: 'POST',
      url: '/api/v1/payment/square/cards',
      payload: { sourceId: await tokenizeCard(t.app, '5105105105105100', '11/33') },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.card).toMatchObject({ brand: 'mastercard', last4: '5100', expMonth: 11, expYear: 2033, provider: 'square' });
    const declined = await as(t.app, s, {
      method: 'POST',
      url: '/api/v1/payment/square/cards',
      payload: { sourceId: await tokenizeCard(t.app, SQUARE_SANDBOX_CARDS.declined) },
    });
    expect(declined.statusCode, declined.body).toBe(402);
    expect((await listCards(s)).map((c) => c.last4)).toEqual(['5100']);
  });
});

describe("Square's webhook", () => {
  /** A PENDING payment of the shopper's order; the test completes it at the sandbox and answers the genuine event. */
  async function pendingPayment() {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const res = await pay(s, { orderId: order._id, sourceId: await tokenizeCard(t.app, SQUARE_SANDBOX_CARDS.pending) });
    expect(res.statusCode, res.body).toBe(200);
    const { transactionId } = res.json().data as { transactionId: string };
    const event = await sandbox().settle(transactionId, false);
    return { s, order, transactionId, event };
  }

  it('refuses a forged, an unsigned or an altered event with 401, and changes nothing', async () => {
    const { s, order, transactionId, event } = await pendingPayment();
    if (!event) return expect.fail('the sandbox settled the payment before the test could');
    expect((await postEvent(event.rawBody, 'c2lnbmVkIGJ5IHNvbWVib2R5IGVsc2U=')).statusCode).toBe(401);
    expect((await postEvent(event.rawBody, undefined)).statusCode).toBe(401);
    const altered = event.rawBody.replace(transactionId, `${transactionId}x`);
    expect((await postEvent(altered, event.signature)).statusCode).toBe(401);
    expect(
      await t.database.db
        .select()
        .from(paymentWebhookEvents)
        .where(and(eq(paymentWebhookEvents.provider, 'square'), eq(paymentWebhookEvents.eventId, JSON.parse(event.rawBody).event_id))),
    ).toEqual([]);
    expect(await purchased(s)).toBe(0);
    expect(await ledgerSumForOrder(t.database.db, order._id)).toBe(0);
  });

  it('refuses a stale event (created days ago, correctly signed) with 400', async () => {
    const { transactionId } = await pendingPayment();
    const [row] = await t.database.db.select().from(squareSandboxObjects).where(eq(squareSandboxObjects.id, transactionId));
    const old = sandbox().webhooks.eventBody(
      'payment.updated',
      'payment',
      transactionId,
      { payment: row!.data },
      new Date(Date.now() - 4 * 24 * 3_600_000),
    );
    const res = await postEvent(old, sandbox().webhooks.sign(old));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('STALE_NOTIFICATION');
  });

  it('takes the same genuine event sent 10 times at once once: one grant; a later replay changes nothing', async () => {
    const { s, order, event } = await pendingPayment();
    if (!event) return expect.fail('the sandbox settled the payment before the test could');
    const answers = await Promise.all(Array.from({ length: 10 }, () => postEvent(event.rawBody, event.signature)));
    expect(
      answers.every((a) => a.statusCode === 200 || a.statusCode === 409),
      answers.map((a) => a.statusCode).join(),
    ).toBe(true);
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);
    // Whatever the duplicates heard, the order is paid once (Square's own retries would come later).
    await vi.waitFor(async () => expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled'), WAIT);
    expect(await purchased(s)).toBe(order.coins + order.bonusCoins);
    expect(await ledgerSumForOrder(t.database.db, order._id)).toBe(order.coins + order.bonusCoins);
    await expectLedgerBalanced(t.database.db, order._id);

    const replay = await postEvent(event.rawBody, event.signature);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(await purchased(s)).toBe(order.coins + order.bonusCoins);
  });

  it('acknowledges a genuine event about a payment the store did not make, and changes nothing', async () => {
    const raw = sandbox().webhooks.eventBody('payment.updated', 'payment', 'NOT_OURS', {
      payment: { id: 'NOT_OURS', status: 'COMPLETED', amount_money: { amount: 100, currency: 'USD' } },
    });
    const res = await postEvent(raw, sandbox().webhooks.sign(raw));
    expect(res.statusCode, res.body).toBe(200);
  });
});
