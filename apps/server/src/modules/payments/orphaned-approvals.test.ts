// An approval that arrives for an order that cannot take it is refunded at once, never absorbed:
// the order was canceled while the shopper was at the bank, or another attempt paid it first.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { payments } from '../../db/schema.ts';
import { sandboxTransactions } from '../../db/sandbox-schema.ts';
import { tokenizeCard } from '../../../test/support/vault.ts';
import { getWalletCoins } from '../wallet/index.ts';
import { as, createShopper, expectLedgerBalanced, type Shopper } from '../../../test/support/checkout.ts';
import {
  answerChallenge,
  init,
  orderStatus,
  paymentFirst,
  pendingOrder,
  SANDBOX_CARDS,
  type ChallengeData,
} from '../../../test/support/payments.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://store.test' }, { seedDemo: false });
});
afterAll(() => t.close());

async function challenge(s: Shopper, orderId: string) {
  const step1 = (await init(t.app, s, { orderId, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.challenge) })).json().data;
  const step2 = (
    await paymentFirst(t.app, s, { orderId, version: step1.paymentOption.card.threeD.version, relatedTransactionId: step1.transactionId })
  ).json().data;
  return { url: { url: step2.url as string, creq: step2.creq as string }, transactionId: step2.transactionId as string };
}
const approveAtBank = (url: ChallengeData) => answerChallenge(t.app, url, 'approve');

/**
 * The bank's answer for an order that can no longer take the money: the store sends no final payment
 * (ADR 037), so nothing is sold and nothing needs refunding; the attempt fails.
 */
async function expectNothingSold(transactionId: string) {
  const [payment] = await t.database.db.select().from(payments).where(eq(payments.transactionId, transactionId));
  expect(payment!.status).toBe('failed');
  const sold = await t.database.db.select().from(sandboxTransactions).where(eq(sandboxTransactions.relatedId, transactionId));
  expect(sold).toEqual([]);
}

describe('approvals an order cannot take', () => {
  it("canceled during the challenge: the bank's approval sells nothing and nothing is credited", async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const { url, transactionId } = await challenge(s, order._id);
    const cancel = await as(t.app, s, { method: 'POST', url: '/api/v1/checkout/', payload: { orderId: order._id, action: 'cancel' } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const res = await approveAtBank(url);
    expect(res.headers.location).toBe(`http://store.test/cart?payment=failed&orderId=${order._id}`);
    expect(await orderStatus(t.app, s, order._id)).toBe('canceled');
    expect((await getWalletCoins(t.database.db, s.id)).purchasedWallet).toBe(0);
    await expectNothingSold(transactionId);
  });

  it('paid by another attempt meanwhile: the late approval sells nothing, coins credited once', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const { url, transactionId } = await challenge(s, order._id);
    const other = await init(t.app, s, { orderId: order._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless) });
    expect(other.json().data.orderStatus).toBe('fulfilled');
    const res = await approveAtBank(url);
    expect(res.headers.location).toContain('payment=failed');
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
    expect((await getWalletCoins(t.database.db, s.id)).purchasedWallet).toBe(order.coins + order.bonusCoins);
    await expectLedgerBalanced(t.database.db, order._id);
    await expectNothingSold(transactionId);
  });

  it('a double-submitted payment form keeps exactly one charge', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const tokens = await Promise.all(Array.from({ length: 5 }, () => tokenizeCard(t.app, SANDBOX_CARDS.frictionless)));
    const results = await Promise.all(tokens.map((cardToken) => init(t.app, s, { orderId: order._id, cardToken })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409)).toBe(true);
    const approved = await t.database.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(approved.filter((p) => p.status === 'approved')).toHaveLength(1);
    const charged = await t.database.db.select().from(sandboxTransactions).where(eq(sandboxTransactions.orderId, order._id));
    // A charge that slipped past the in-flight guard (the first had already finished) is refunded at once.
    const charges = charged.filter((c) => c.kind !== 'refund');
    expect(charges.filter((c) => c.status === 'approved')).toHaveLength(1);
    expect(charges.every((c) => c.status === 'approved' || c.status === 'refunded')).toBe(true);
    expect(approved.every((p) => p.status === 'approved' || p.status === 'refunded')).toBe(true);
    await expectLedgerBalanced(t.database.db, order._id);
  });
});
