// Reconciliation of card payments left unfinished (reconcile.ts), through the background runner's pass
// (drain runs the jobs as the periodic pass does) against the sandbox's own book of transactions.
// The real kill-and-restart runs are in crash-restart.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { orders, payments } from '../../db/schema.ts';
import { sandboxTransactions } from '../../db/sandbox-schema.ts';
import { newId } from '../../lib/ids.ts';
import { SANDBOX_CHALLENGE_TTL_MS } from '../../../test/support/payments.ts';
import { tokenizeCard } from '../../../test/support/vault.ts';
import { getWalletCoins } from '../wallet/index.ts';
import { createShopper, expectLedgerBalanced, holdForPayment, type Shopper } from '../../../test/support/checkout.ts';
import { IN_FLIGHT_STALE_MS, PLACEHOLDER_STALE_MS } from './reconcile.ts';
import * as repo from './repository.ts';
import { answerChallenge, init, orderStatus, paymentFirst, pendingOrder, SANDBOX_CARDS } from '../../../test/support/payments.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://store.test' }, { seedDemo: false });
});
afterAll(() => t.close());

const db = () => t.database.db;
const paymentRow = async (id: string) => (await db().select().from(payments).where(eq(payments.id, id)))[0]!;
const paymentsOf = (orderId: string) => db().select().from(payments).where(eq(payments.orderId, orderId));
const purchased = async (s: Shopper) => (await getWalletCoins(db(), s.id)).purchasedWallet;
const age = (id: string, ms: number) =>
  db()
    .update(payments)
    .set({ updatedAt: new Date(Date.now() - ms) })
    .where(eq(payments.id, id));

/**
 * What a server killed during the provider call of v1/nuvei/init leaves: our row with its 'local:'
 * placeholder, and whatever the provider did with the card.
 */
async function placeholderAfterProviderCall(s: Shopper, order: { _id: string; total: number }, number: string | null) {
  await holdForPayment(t.app, s.id, order._id);
  const id = newId();
  const cardToken = await tokenizeCard(t.app, number ?? SANDBOX_CARDS.frictionless);
  await repo.insertPaymentIfNoneInFlight(db(), {
    id,
    orderId: order._id,
    userId: s.id,
    provider: 'nuvei-sandbox',
    method: 'card',
    transactionId: `local:${id}`,
    status: 'initiated',
    amountCents: order.total,
    cardToken,
  });
  if (number)
    await t.app.paymentProviders.get('nuvei-sandbox')!.start({
      paymentId: id,
      orderId: order._id,
      userId: s.id,
      payerName: 'Mei Lin',
      payer: { email: s.email, firstName: 'Mei', lastName: 'Lin', country: 'US', ipAddress: '127.0.0.1' },
      amountCents: order.total,
      currency: 'USD',
      source: { method: 'card', cardToken },
    });
  return id;
}

describe('a payment whose provider call never got its answer written', () => {
  it('approved at the provider: recorded and fulfilled once it is older than a provider call can take', async () => {
    const s = await createShopper(db());
    const order = await pendingOrder(t.app, s);
    const id = await placeholderAfterProviderCall(s, order, SANDBOX_CARDS.frictionless);
    await t.app.outbox.drain();
    // Still young: the call may be running on another instance.
    expect((await paymentRow(id)).transactionId).toBe(`local:${id}`);
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');

    await age(id, PLACEHOLDER_STALE_MS + 1000);
    await t.app.outbox.drain();
    const [charge] = await db().select().from(sandboxTransactions).where(eq(sandboxTransactions.clientUniqueId, id));
    expect(await paymentRow(id)).toMatchObject({ status: 'approved', transactionId: charge!.id });
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
    expect(await purchased(s)).toBe(order.coins + order.bonusCoins);
    await expectLedgerBalanced(db(), order._id);
  });

  it('nothing at the provider: the payment failed and the order can be paid again at once', async () => {
    const s = await createShopper(db());
    const order = await pendingOrder(t.app, s);
    const id = await placeholderAfterProviderCall(s, order, null);
    // The placeholder blocks a second payment while it may still be in flight.
    expect(
      (await init(t.app, s, { orderId: order._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless) })).statusCode,
    ).toBe(409);
    await age(id, PLACEHOLDER_STALE_MS + 1000);
    await t.app.outbox.drain();
    expect(await paymentRow(id)).toMatchObject({ status: 'failed', declineReason: 'not completed at the payment provider' });
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
    const retry = await init(t.app, s, { orderId: order._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless) });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data.orderStatus).toBe('fulfilled');
    await expectLedgerBalanced(db(), order._id);
  });

  it('declined at the provider: the payment is declined, the order stays payable, nothing credited', async () => {
    const s = await createShopper(db());
    const order = await pendingOrder(t.app, s);
    const id = await placeholderAfterProviderCall(s, order, SANDBOX_CARDS.declined);
    await age(id, PLACEHOLDER_STALE_MS + 1000);
    await t.app.outbox.drain();
    expect(await paymentRow(id)).toMatchObject({ status: 'declined', declineReason: 'Do not honor' });
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
    expect(await purchased(s)).toBe(0);
  });
});

describe('a provider call that fails after the provider charged', () => {
  it('is looked up at once: the shopper gets the 502, the order is paid and fulfilled all the same', async () => {
    const s = await createShopper(db());
    const order = await pendingOrder(t.app, s);
    const provider = t.app.paymentProviders.forMethod('card')!;
    const realStart = provider.start;
    // The provider approves, then the connection drops before its answer arrives.
    provider.start = async (req) => {
      await realStart(req);
      throw new Error('socket hang up');
    };
    try {
      const res = await init(t.app, s, { orderId: order._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless) });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'PROVIDER_UNAVAILABLE',
        message: 'The payment service is not answering. Please try again.',
      });
    } finally {
      provider.start = realStart;
    }
    expect((await paymentsOf(order._id)).map((p) => p.status)).toEqual(['approved']);
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
    expect(await purchased(s)).toBe(order.coins + order.bonusCoins);
    const again = await init(t.app, s, { orderId: order._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless) });
    expect(again.statusCode).toBe(409);
    await expectLedgerBalanced(db(), order._id);
  });
});

describe('3-D Secure steps left behind', () => {
  async function openChallenge(s: Shopper, orderId: string) {
    const step1 = (await init(t.app, s, { orderId, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.challenge) })).json().data;
    const step2 = (
      await paymentFirst(t.app, s, { orderId, version: step1.paymentOption.card.threeD.version, relatedTransactionId: step1.transactionId })
    ).json().data;
    const [payment] = await paymentsOf(orderId);
    return { paymentId: payment!.id, url: { url: step2.url as string, creq: step2.creq as string } };
  }

  it('an open challenge is left alone; once the issuer expires it the payment is declined and the order stays payable', async () => {
    const s = await createShopper(db());
    const order = await pendingOrder(t.app, s);
    const { paymentId, url } = await openChallenge(s, order._id);
    await age(paymentId, IN_FLIGHT_STALE_MS + 1000);
    await t.app.outbox.drain();
    expect((await paymentRow(paymentId)).status).toBe('challenge');

    // The issuer's clock moves on: the challenge (and the fingerprint before it) are past their time.
    await db()
      .update(sandboxTransactions)
      .set({ createdAt: new Date(Date.now() - SANDBOX_CHALLENGE_TTL_MS - 1000) })
      .where(eq(sandboxTransactions.clientUniqueId, paymentId));
    await t.app.outbox.drain();
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'declined', declineReason: '3-D Secure challenge expired' });
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
    // Approving the expired challenge afterwards charges nothing.
    // The bank page no longer opens the expired challenge (ADR 037: no answer, no final payment).
    const late = await answerChallenge(t.app, url, 'approve');
    expect(late.statusCode).toBe(404);
    expect(await purchased(s)).toBe(0);
    await expectLedgerBalanced(db(), order._id);
  });

  it('a fingerprint nobody went on from charged nothing: the payment fails, the order stays payable', async () => {
    const s = await createShopper(db());
    const order = await pendingOrder(t.app, s);
    await init(t.app, s, { orderId: order._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.challenge) });
    const [payment] = await paymentsOf(order._id);
    await age(payment!.id, IN_FLIGHT_STALE_MS + 1000);
    await t.app.outbox.drain();
    expect((await paymentRow(payment!.id)).status).toBe('failed');
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
  });
});

describe('an approval recorded without its order moving (a crash of the old two-step recording)', () => {
  it('is completed: the order is paid and fulfilled, coins credited once', async () => {
    const s = await createShopper(db());
    const order = await pendingOrder(t.app, s);
    await holdForPayment(t.app, s.id, order._id);
    const id = newId();
    await db()
      .insert(payments)
      .values({
        id,
        orderId: order._id,
        userId: s.id,
        provider: 'nuvei-sandbox',
        method: 'card',
        transactionId: `9${Date.now()}`,
        status: 'approved',
        amountCents: order.total,
      });
    await t.app.outbox.drain();
    await t.app.outbox.drain();
    const [row] = await db().select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ status: 'fulfilled', paymentId: id });
    expect(await purchased(s)).toBe(order.coins + order.bonusCoins);
    await expectLedgerBalanced(db(), order._id);
  });
});
