// Issue 7, finding 1: paying one order many times at once must reach the provider once. At most one
// attempt per order is in flight (initiated or challenge); every other request gets a 409 before any
// provider call, so nobody sees a charge and its refund. A 3-D Secure attempt the shopper left at the
// bank's page is superseded by a new one (ADR 005).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { payments } from '../../db/schema.ts';
import { sandboxTransactions } from '../../db/sandbox-schema.ts';
import { tokenizeCard } from '../../../test/support/vault.ts';
import { getWalletCoins } from '../wallet/index.ts';
import { createShopper, expectLedgerBalanced, type Shopper } from '../../../test/support/checkout.ts';
import { INITIATED_ABANDONED_MS } from './service.ts';
import { answerChallenge, init, orderStatus, paymentFirst, pendingOrder, SANDBOX_CARDS } from '../../../test/support/payments.ts';

const IN_PROGRESS = 'A payment for this order is already in progress.';
const PROCESSED = 'This payment has already been processed.';
const PARALLEL = 15;

let t: TestApp;
beforeAll(async () => {
  // Every request here comes from app.inject's one address: that limit is not what these tests are about.
  t = await buildTestApp({ PUBLIC_URL: 'http://store.test', CARD_ATTEMPTS_PER_ADDRESS: 10_000 }, { seedDemo: false });
});
afterAll(() => t.close());

const db = () => t.database.db;
const paymentsOf = (orderId: string) => db().select().from(payments).where(eq(payments.orderId, orderId));
/** What reached the sandbox provider for the order: its own book of transactions. */
const providerBook = (orderId: string) => db().select().from(sandboxTransactions).where(eq(sandboxTransactions.orderId, orderId));
const purchased = async (s: Shopper) => (await getWalletCoins(db(), s.id)).purchasedWallet;

/** Fresh vault tokens of one card number: each parallel request pays as if typed anew. */
const tokens = (number: string, n: number) => Promise.all(Array.from({ length: n }, () => tokenizeCard(t.app, number)));

function expectOneWinner(results: LightMyRequestResponse[]) {
  const winners = results.filter((r) => r.statusCode === 200);
  expect(winners, results.map((r) => `${r.statusCode} ${r.body}`).join('\n')).toHaveLength(1);
  for (const loser of results.filter((r) => r.statusCode !== 200)) {
    expect(loser.statusCode, loser.body).toBe(409);
    // In flight, or (once the winner has paid it) no longer payable: either way nothing was charged.
    expect([IN_PROGRESS, 'This order can no longer be paid.']).toContain(loser.json().message);
  }
  return winners[0]!;
}

/** Init with the 3-D Secure card: the attempt waits for step 2 (payment/first). */
async function stepOne(s: Shopper, orderId: string) {
  const res = await init(t.app, s, { orderId, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.challenge) });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  return { orderId, version: data.paymentOption.card.threeD.version as string, relatedTransactionId: data.transactionId as string };
}

/** Steps 1 and 2 with the 3-D Secure card: the shopper is sent to the bank's page. */
async function atTheBank(s: Shopper, orderId: string) {
  const res = await paymentFirst(t.app, s, await stepOne(s, orderId));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { url: string; creq: string; transactionId: string };
}

describe(`${PARALLEL} parallel inits of one order`, () => {
  it('frictionless card: one charge, credited once, no refund; the rest 409 before the provider', async () => {
    const s = await createShopper(db());
    const order = await pendingOrder(t.app, s);
    const cardTokens = await tokens(SANDBOX_CARDS.frictionless, PARALLEL);

    const results = await Promise.all(cardTokens.map((cardToken) => init(t.app, s, { orderId: order._id, cardToken })));

    expect(expectOneWinner(results).json().data.orderStatus).toBe('fulfilled');
    const book = await providerBook(order._id);
    expect(book.map((b) => [b.kind, b.status])).toEqual([['init', 'approved']]);
    expect((await paymentsOf(order._id)).map((p) => p.status)).toEqual(['approved']);
    expect(await purchased(s)).toBe(order.coins + order.bonusCoins);
    await expectLedgerBalanced(db(), order._id);
  });

  it('3-D Secure card: one fingerprint at the provider; the rest 409', async () => {
    const s = await createShopper(db());
    const order = await pendingOrder(t.app, s);
    const cardTokens = await tokens(SANDBOX_CARDS.challenge, PARALLEL);

    const results = await Promise.all(cardTokens.map((cardToken) => init(t.app, s, { orderId: order._id, cardToken })));

    const winner = expectOneWinner(results);
    expect(winner.json().data.orderStatus).toBe('pending');
    expect((await providerBook(order._id)).map((b) => [b.kind, b.status])).toEqual([['init', 'initiated']]);
    expect((await paymentsOf(order._id)).map((p) => [p.status, p.transactionId])).toEqual([
      ['initiated', winner.json().data.transactionId],
    ]);

    // The winner goes on to the bank and pays: credited once, nothing refunded.
    const { transactionId, paymentOption } = winner.json().data;
    const step2 = await paymentFirst(t.app, s, {
      orderId: order._id,
      version: paymentOption.card.threeD.version,
      relatedTransactionId: transactionId,
    });
    expect(step2.statusCode, step2.body).toBe(200);
    expect((await answerChallenge(t.app, step2.json().data, 'approve')).headers.location).toContain('/payment-success');
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
    expect((await providerBook(order._id)).every((b) => b.kind !== 'refund' && b.status !== 'refunded')).toBe(true);
    expect(await purchased(s)).toBe(order.coins + order.bonusCoins);
    await expectLedgerBalanced(db(), order._id);
  });
});

describe(`${PARALLEL} parallel payment/first calls for one initiated payment`, () => {
  it('one reaches the provider and gets the challenge; the rest 409 without a provider call', async () => {
    const s = await createShopper(db());
    const order = await pendingOrder(t.app, s);
    const step1 = await stepOne(s, order._id);

    const results = await Promise.all(Array.from({ length: PARALLEL }, () => paymentFirst(t.app, s, step1)));

    const winners = results.filter((r) => r.statusCode === 200);
    expect(winners, results.map((r) => `${r.statusCode} ${r.body}`).join('\n')).toHaveLength(1);
    for (const loser of results.filter((r) => r.statusCode !== 200)) {
      expect(loser.statusCode, loser.body).toBe(409);
      // Claimed by the winner (its provider call running), or already moved on to the challenge.
      expect([IN_PROGRESS, PROCESSED]).toContain(loser.json().message);
    }
    const book = await providerBook(order._id);
    expect(book.filter((b) => b.kind === 'payment').map((b) => b.status)).toEqual(['challenge']);
    expect((await paymentsOf(order._id)).map((p) => p.status)).toEqual(['challenge']);

    expect((await answerChallenge(t.app, winners[0]!.json().data, 'approve')).headers.location).toContain('/payment-success');
    expect(await purchased(s)).toBe(order.coins + order.bonusCoins);
    expect((await providerBook(order._id)).some((b) => b.kind === 'refund')).toBe(false);
    await expectLedgerBalanced(db(), order._id);
  });
});

describe('a shopper who left a 3-D Secure attempt pays again', () => {
  it('a new init supersedes the attempt waiting at the bank; approving the old one afterwards charges nothing', async () => {
    const s = await createShopper(db());
    const order = await pendingOrder(t.app, s);
    const abandoned = await atTheBank(s, order._id);

    const again = await init(t.app, s, { orderId: order._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless) });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.orderStatus).toBe('fulfilled');
    const [old] = (await paymentsOf(order._id)).filter((p) => p.transactionId === abandoned.transactionId);
    expect(old).toMatchObject({ status: 'failed', declineReason: 'superseded by a newer payment attempt' });

    // The shopper finds the old tab and approves there: the store sends no final payment for a superseded
    // attempt, so no sale happens (ADR 037); coins stay credited once.
    expect((await answerChallenge(t.app, abandoned, 'approve')).headers.location).toContain('payment=failed');
    const sold = await db().select().from(sandboxTransactions).where(eq(sandboxTransactions.relatedId, abandoned.transactionId));
    expect(sold).toEqual([]);
    expect(await purchased(s)).toBe(order.coins + order.bonusCoins);
    await expectLedgerBalanced(db(), order._id);
  });

  it(`${PARALLEL} parallel inits against an attempt left at the bank: one supersedes it and reaches the provider`, async () => {
    const s = await createShopper(db());
    const order = await pendingOrder(t.app, s);
    await atTheBank(s, order._id);
    const before = (await providerBook(order._id)).length;
    const cardTokens = await tokens(SANDBOX_CARDS.frictionless, PARALLEL);

    const results = await Promise.all(cardTokens.map((cardToken) => init(t.app, s, { orderId: order._id, cardToken })));

    expectOneWinner(results);
    expect((await providerBook(order._id)).length - before).toBe(1);
    expect((await paymentsOf(order._id)).map((p) => p.status).sort()).toEqual(['approved', 'failed']);
    expect(await purchased(s)).toBe(order.coins + order.bonusCoins);
  });

  it('the bank answer of an attempt a newer one superseded charges nothing; the newer attempt goes on and pays', async () => {
    const s = await createShopper(db());
    const order = await pendingOrder(t.app, s);
    const abandoned = await atTheBank(s, order._id);
    const newer = await stepOne(s, order._id);

    // No final payment for the superseded attempt (ADR 037): no sale, the order still pending.
    expect((await answerChallenge(t.app, abandoned, 'approve')).headers.location).toContain('payment=failed');
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
    expect(await db().select().from(sandboxTransactions).where(eq(sandboxTransactions.relatedId, abandoned.transactionId))).toEqual([]);
    const paid = await paymentFirst(t.app, s, newer);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await purchased(s)).toBe(0);
    await expectLedgerBalanced(db(), order._id);
  });

  it('step 1 just answered is still in flight (step 2 follows at once); left longer, it is superseded', async () => {
    const s = await createShopper(db());
    const order = await pendingOrder(t.app, s);
    const step1 = await stepOne(s, order._id);

    const tooSoon = await init(t.app, s, { orderId: order._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless) });
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json()).toMatchObject({ success: false, message: IN_PROGRESS });

    // The browser never came back for step 2.
    await db()
      .update(payments)
      .set({ updatedAt: new Date(Date.now() - INITIATED_ABANDONED_MS - 1000) })
      .where(eq(payments.transactionId, step1.relatedTransactionId));
    const later = await init(t.app, s, { orderId: order._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless) });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().data.orderStatus).toBe('fulfilled');
    const refused = await paymentFirst(t.app, s, step1);
    expect(refused.statusCode).toBe(409);
    expect((await providerBook(order._id)).filter((b) => b.kind === 'payment')).toEqual([]);
  });
});
