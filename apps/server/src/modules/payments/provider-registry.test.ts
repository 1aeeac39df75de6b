// Payments are provider-neutral (ADR 009): each payment row names its provider, and that provider is the
// one asked about it later (reconciliation's lookups, refunds of orphaned approvals, notifications). A
// second provider is registered beside the sandbox here; rows naming a provider nobody registered are
// left alone without stopping the rest, and a method kind no provider serves is refused before anything.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { orders, payments } from '../../db/schema.ts';
import { sandboxTransactions } from '../../db/sandbox-schema.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { SANDBOX_SIGNATURE_HEADER, signNotification } from '../../../test/support/payments.ts';
import { createPaymentProviders } from '../../providers/payments/registry.ts';
import type { LookupOutcome, LookupRequest, PaymentMethodKind, PaymentProvider, RefundRequest } from '@store/server-kit';
import { tokenizeCard, tokenizeCvv } from '../../../test/support/vault.ts';
import { as, createShopper, expectLedgerBalanced, holdForPayment, type Shopper } from '../../../test/support/checkout.ts';
import { IN_FLIGHT_STALE_MS } from './reconcile.ts';
import { initCardPayment } from './service.ts';
import { init, orderStatus, pendingOrder, SANDBOX_CARDS } from '../../../test/support/payments.ts';

const SECRET = 'provider-registry-test-secret-0123456789';
let t: TestApp;

/** A second provider, as Stripe or Square will be: it answers lookups and refunds from a script and says what it was asked. */
function scriptedProvider(name: string, methods: PaymentMethodKind[]) {
  const lookups: LookupRequest[] = [];
  const refunds: RefundRequest[] = [];
  const answers = new Map<string, LookupOutcome>();
  const notCalled = () => Promise.reject(new Error(`${name}: not called in these tests`));
  const provider: PaymentProvider = {
    name,
    methods,
    webhook: name,
    start: notCalled,
    confirm: notCalled,
    lookup: (request) => {
      lookups.push(request);
      return Promise.resolve(answers.get(request.paymentId) ?? { status: 'none' });
    },
    refund: (request) => {
      refunds.push(request);
      return Promise.resolve({ status: 'refunded', transactionId: `refund-of-${request.transactionId}` });
    },
    verifyNotification: () => null,
  };
  return { provider, lookups, refunds, answers };
}

// It takes no new payments (every method kind is served by a real provider now, one provider a kind):
// the rows below name it, as rows of a retired provider would, and it still answers for them.
const wallet = scriptedProvider('test-wallet', []);

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://store.test', PAYMENTS_WEBHOOK_SECRET: SECRET }, { seedDemo: false });
  t.app.paymentProviders.register(wallet.provider);
});
afterAll(() => t.close());

const db = () => t.database.db;
const paymentRow = async (id: string) => (await db().select().from(payments).where(eq(payments.id, id)))[0]!;
const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const age = (id: string, ms: number) =>
  db()
    .update(payments)
    .set({ updatedAt: new Date(Date.now() - ms) })
    .where(eq(payments.id, id));

/** A payment row of the given provider for a pending order that holds its reservations, last touched `ageMs` ago. */
async function paymentOf(
  s: Shopper,
  order: { _id: string; total: number },
  row: { provider: string; method: PaymentMethodKind; status: 'initiated' | 'challenge' | 'pending' | 'approved'; transactionId: string },
  ageMs: number,
) {
  const id = newId();
  await db()
    .insert(payments)
    .values({ id, orderId: order._id, userId: s.id, amountCents: order.total, ...row });
  await age(id, ageMs);
  return id;
}

async function reservedOrder(s: Shopper) {
  const order = await pendingOrder(t.app, s);
  await holdForPayment(t.app, s.id, order._id);
  return order;
}

describe('reconciliation asks the provider the payment row names', () => {
  it("a second provider's row is looked up through it; a row of an unregistered provider is left alone and the rest go on", async () => {
    const s = await createShopper(db());
    const stale = IN_FLIGHT_STALE_MS + 60_000;

    // The oldest: made by a provider this configuration no longer registers.
    const retiredOrder = await reservedOrder(s);
    const retired = await paymentOf(
      s,
      retiredOrder,
      { provider: 'retired-provider', method: 'card', status: 'challenge', transactionId: 'r-1' },
      stale + 3000,
    );
    const retiredBefore = await paymentRow(retired);

    // The second provider's: one approved at the provider, one whose money has not settled yet.
    const walletOrder = await reservedOrder(s);
    const approvedThere = await paymentOf(
      s,
      walletOrder,
      { provider: 'test-wallet', method: 'cash_app', status: 'challenge', transactionId: 'w-1' },
      stale + 2000,
    );
    wallet.answers.set(approvedThere, {
      status: 'approved',
      transactionId: 'w-1',
      amountCents: walletOrder.total,
      currency: 'USD',
      card: null,
    });
    const settlingOrder = await reservedOrder(s);
    const settling = await paymentOf(
      s,
      settlingOrder,
      { provider: 'test-wallet', method: 'cash_app', status: 'pending', transactionId: 'w-2' },
      stale + 1000,
    );
    wallet.answers.set(settling, { status: 'pending', transactionId: 'w-2' });

    // The sandbox's own: a 3-D Secure fingerprint nobody went on from (nothing charged).
    const cardOrder = await pendingOrder(t.app, s);
    const step1 = await init(t.app, s, { orderId: cardOrder._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.challenge) });
    expect(step1.statusCode, step1.body).toBe(200);
    const [cardPayment] = await db().select().from(payments).where(eq(payments.orderId, cardOrder._id));
    expect(cardPayment).toMatchObject({ provider: 'nuvei-sandbox', method: 'card' });
    await age(cardPayment!.id, stale);

    await t.app.outbox.drain();

    // Each row went to its own provider: the wallet was asked about its two (and no other), with the ids it gave.
    const asked = new Set(wallet.lookups.map((l) => `${l.paymentId} ${l.transactionId}`));
    expect([...asked].sort()).toEqual([`${approvedThere} w-1`, `${settling} w-2`].sort());
    expect(await paymentRow(approvedThere)).toMatchObject({ status: 'approved', transactionId: 'w-1' });
    expect(await orderStatus(t.app, s, walletOrder._id)).toBe('fulfilled');
    await expectLedgerBalanced(db(), walletOrder._id);
    expect(await paymentRow(settling)).toMatchObject({ status: 'pending', transactionId: 'w-2' });
    expect(await orderStatus(t.app, s, settlingOrder._id)).toBe('pending');
    expect(await paymentRow(cardPayment!.id)).toMatchObject({ status: 'failed', declineReason: 'not completed at the payment provider' });
    expect(await orderStatus(t.app, s, cardOrder._id)).toBe('pending');
    // The unregistered provider's row: untouched, its order still held for it.
    expect(await paymentRow(retired)).toEqual(retiredBefore);
    expect(await orderStatus(t.app, s, retiredOrder._id)).toBe('pending');

    // The next pass leaves it alone again and asks the wallet only about what is still unsettled.
    await t.app.outbox.drain();
    expect(await paymentRow(retired)).toEqual(retiredBefore);
    expect(wallet.lookups.filter((l) => l.paymentId === approvedThere)).toHaveLength(1);
  });

  it('an orphaned approval is refunded through the provider that took it; one of an unregistered provider stays for a person', async () => {
    const s = await createShopper(db());
    const cancel = async (orderId: string) => {
      const res = await as(t.app, s, { method: 'POST', url: '/api/v1/checkout/', payload: { orderId, action: 'cancel' } });
      expect(res.statusCode, res.body).toBe(200);
    };
    // Approvals that arrive after their orders were canceled (the shopper gave up meanwhile).
    const walletOrder = await reservedOrder(s);
    await cancel(walletOrder._id);
    const orphan = await paymentOf(
      s,
      walletOrder,
      { provider: 'test-wallet', method: 'cash_app', status: 'approved', transactionId: 'w-orphan' },
      0,
    );
    const retiredOrder = await reservedOrder(s);
    await cancel(retiredOrder._id);
    const retiredOrphan = await paymentOf(
      s,
      retiredOrder,
      { provider: 'retired-provider', method: 'card', status: 'approved', transactionId: 'r-orphan' },
      0,
    );
    const sandboxBook = await db().select().from(sandboxTransactions);

    await t.app.outbox.drain();

    expect(wallet.refunds).toEqual([
      { paymentId: orphan, orderId: walletOrder._id, transactionId: 'w-orphan', amountCents: walletOrder.total, currency: 'USD' },
    ]);
    expect((await paymentRow(orphan)).status).toBe('refunded');
    expect((await paymentRow(retiredOrphan)).status).toBe('approved');
    expect(await orderStatus(t.app, s, walletOrder._id)).toBe('canceled');
    expect(await orderStatus(t.app, s, retiredOrder._id)).toBe('canceled');
    // Neither refund went to the sandbox.
    expect(await db().select().from(sandboxTransactions)).toEqual(sandboxBook);
  });
});

describe('notifications reach only payments of a provider that takes them at that webhook', () => {
  it("a genuine sandbox notification naming another provider's payment is refused and changes nothing", async () => {
    const s = await createShopper(db());
    const order = await reservedOrder(s);
    const id = await paymentOf(
      s,
      order,
      { provider: 'test-wallet', method: 'cash_app', status: 'challenge', transactionId: 'w-notified' },
      0,
    );
    const before = await paymentRow(id);
    const body = {
      transactionId: 'w-notified',
      clientUniqueId: id,
      orderId: order._id,
      transactionType: 'Sale',
      status: 'APPROVED' as const,
      amountCents: order.total,
      currency: 'USD',
      code: null,
      reason: null,
      card: null,
      timestamp: new Date().toISOString(),
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nuvei/notify',
      headers: { [SANDBOX_SIGNATURE_HEADER]: signNotification(SECRET, body), 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: 'Payment not found.' });
    expect(await paymentRow(id)).toEqual(before);
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
  });
});

describe('a method kind no provider serves', () => {
  it('is refused with 400 PAYMENT_METHOD_UNAVAILABLE before the order, the payments or the provider are touched', async () => {
    const s = await createShopper(db());
    // A saved card, kept by a zero-amount verification.
    const saved = await init(t.app, s, { cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless) });
    expect(saved.statusCode, saved.body).toBe(200);
    const { userPaymentOptionId } = saved.json().data.card as { userPaymentOptionId: string };
    const order = await pendingOrder(t.app, s);
    const orderBefore = await orderRow(order._id);
    const sandboxBook = await db().select().from(sandboxTransactions);

    // A configuration whose card provider takes fresh cards only: nobody serves saved cards.
    const sandbox = t.app.paymentProviders.get('nuvei-sandbox')!;
    const providers = createPaymentProviders([{ ...sandbox, methods: ['card'] }]);
    expect(providers.forMethod('saved_card')).toBeUndefined();
    const deps = { db: db(), providers, log: t.app.log, wake: t.app.outbox, payOrder: t.app.payOrder };
    const refused = await initCardPayment(deps, s.id, { orderId: order._id, userPaymentOptionId, cvvToken: await tokenizeCvv(t.app) }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      statusCode: 400,
      code: 'PAYMENT_METHOD_UNAVAILABLE',
      message: 'This payment method is not available.',
    });

    expect(await db().select().from(payments).where(eq(payments.orderId, order._id))).toEqual([]);
    expect(await orderRow(order._id)).toEqual(orderBefore);
    expect(await db().select().from(sandboxTransactions)).toEqual(sandboxBook);
    // The same payment through the app's own registry goes through.
    const paid = await init(t.app, s, { orderId: order._id, userPaymentOptionId, cvvToken: await tokenizeCvv(t.app) });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.orderStatus).toBe('fulfilled');
    const [row] = await db().select().from(payments).where(eq(payments.orderId, order._id));
    expect(row).toMatchObject({ provider: 'nuvei-sandbox', method: 'saved_card', status: 'approved' });
  });
});
