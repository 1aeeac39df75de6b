// Issue 7, finding 2: card testing. Card checks and payment attempts (v1/nuvei/init) are limited per
// shopper and per address, a decline weighing DECLINE_WEIGHT attempts; over a limit the answer is a
// 429 the shopper understands, with Retry-After, before anything reaches the provider or the order.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { payments } from '../../db/schema.ts';
import { sandboxTransactions } from '../../db/sandbox-schema.ts';
import { tokenizeCard } from '../../../test/support/vault.ts';
import { as, createShopper, type Shopper } from '../../../test/support/checkout.ts';
import { DECLINE_WEIGHT } from './card-attempts.ts';
import { orderStatus, paymentFirst, pendingOrder, SANDBOX_CARDS } from '../../../test/support/payments.ts';

const PER_SHOPPER = 5;
const PER_ADDRESS = 8;
const WINDOW_MINUTES = 30;

let t: TestApp;
beforeAll(async () => {
  // app.inject's peer is trusted to name the visitor, so every test is its own address.
  t = await buildTestApp(
    {
      CARD_ATTEMPTS_PER_SHOPPER: PER_SHOPPER,
      CARD_ATTEMPTS_PER_ADDRESS: PER_ADDRESS,
      CARD_ATTEMPT_WINDOW_MINUTES: WINDOW_MINUTES,
      TRUST_PROXY: ['127.0.0.1'],
    },
    { seedDemo: false },
  );
});
afterAll(() => t.close());

const db = () => t.database.db;
let addresses = 0;
const newAddress = () => `198.51.100.${++addresses}`;
const initFrom = (s: Shopper, address: string, payload: object) =>
  as(t.app, s, { method: 'POST', url: '/api/v1/nuvei/init', payload, headers: { 'x-forwarded-for': address } });
/** A zero-amount check of a fresh card (/add-card): what card testing runs. */
const checkCard = async (s: Shopper, address: string, number: string = SANDBOX_CARDS.frictionless) =>
  initFrom(s, address, { cardToken: await tokenizeCard(t.app, number) });
/** What the shopper's requests put in the sandbox provider's book. */
const providerBook = async (s: Shopper) =>
  (await db().select().from(sandboxTransactions).where(eq(sandboxTransactions.userTokenId, s.id))).length;

async function expectLimited(res: Awaited<ReturnType<typeof initFrom>>) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({
    success: false,
    code: 'CARD_ATTEMPTS_LIMITED',
    message: `Too many card attempts. Please wait ${WINDOW_MINUTES} minutes before trying again.`,
  });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan((WINDOW_MINUTES - 1) * 60);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_MINUTES * 60);
}

describe('card attempts per shopper', () => {
  it(`${PER_SHOPPER} card checks pass; the next is a 429 that never reaches the provider, nor touches the order`, async () => {
    const s = await createShopper(db());
    const address = newAddress();
    for (let i = 0; i < PER_SHOPPER; i++) expect((await checkCard(s, address)).statusCode).toBe(200);
    const order = await pendingOrder(t.app, s);
    const booked = await providerBook(s);

    await expectLimited(await checkCard(s, address));
    // Paying an order counts the same, and from another address too: the limit is the shopper's.
    await expectLimited(
      await initFrom(s, newAddress(), { orderId: order._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless) }),
    );
    expect(await providerBook(s)).toBe(booked);
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
    expect(await db().select().from(payments).where(eq(payments.orderId, order._id))).toEqual([]);

    // Another shopper at the same address is not held up by this one's limit.
    expect((await checkCard(await createShopper(db()), address)).statusCode).toBe(200);
  });

  it(`a decline weighs ${DECLINE_WEIGHT}: one decline and one more check reach the limit`, async () => {
    const s = await createShopper(db());
    const address = newAddress();
    expect((await checkCard(s, address, SANDBOX_CARDS.declined)).statusCode).toBe(402);
    for (let i = DECLINE_WEIGHT; i < PER_SHOPPER; i++) expect((await checkCard(s, address)).statusCode).toBe(200);
    const booked = await providerBook(s);
    await expectLimited(await checkCard(s, address));
    expect(await providerBook(s)).toBe(booked);
  });

  it('payment/first continues an attempt already counted: it is not refused at the limit', async () => {
    const s = await createShopper(db());
    const address = newAddress();
    for (let i = 1; i < PER_SHOPPER; i++) expect((await checkCard(s, address)).statusCode).toBe(200);
    const order = await pendingOrder(t.app, s);
    const step1 = await initFrom(s, address, { orderId: order._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.challenge) });
    expect(step1.statusCode, step1.body).toBe(200);
    const { transactionId, paymentOption } = step1.json().data;
    const step2 = await paymentFirst(t.app, s, {
      orderId: order._id,
      version: paymentOption.card.threeD.version,
      relatedTransactionId: transactionId,
    });
    expect(step2.statusCode, step2.body).toBe(200);
    expect(step2.json().data.redirect).toBe(true);
    await expectLimited(await checkCard(s, address));
  });
});

describe('card attempts per address', () => {
  it(`two shoppers at one address share ${PER_ADDRESS}; another address is not held up`, async () => {
    const address = newAddress();
    const first = await createShopper(db());
    const second = await createShopper(db());
    for (let i = 0; i < PER_SHOPPER; i++) expect((await checkCard(first, address)).statusCode).toBe(200);
    for (let i = PER_SHOPPER; i < PER_ADDRESS; i++) expect((await checkCard(second, address)).statusCode).toBe(200);
    const booked = await providerBook(second);

    await expectLimited(await checkCard(second, address));
    expect(await providerBook(second)).toBe(booked);
    expect((await checkCard(second, newAddress())).statusCode).toBe(200);
  });

  it('declines at one address weigh for everyone there', async () => {
    const address = newAddress();
    const tester = await createShopper(db());
    expect((await checkCard(tester, address, SANDBOX_CARDS.declined)).statusCode).toBe(402);
    expect((await checkCard(tester, address, SANDBOX_CARDS.insufficientFunds)).statusCode).toBe(402);
    await expectLimited(await checkCard(await createShopper(db()), address));
  });
});
