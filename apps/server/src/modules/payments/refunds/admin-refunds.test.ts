// An admin refunds an order through its provider (issue 12, ADR 026): the provider refunds once, the
// coins go back through the ledger once (the shopper hears it live), the order is refunded and the audit
// log says who and why. A declined refund changes nothing; ten admins at once refund once; a refund whose
// answer was lost is finished by a retry without refunding twice; Stripe's own charge.refunded afterwards
// takes nothing more.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminRefundResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { as, createShopper, type Shopper } from '../../../../test/support/checkout.ts';
import { createAdmin } from '../../../../test/support/cashout.ts';
import { adjustWalletAs } from '../../../../test/support/wallet.ts';
import { achControl, achStatus, linkBankAccount, payAch, SANDBOX_ACCOUNTS, SANDBOX_ROUTING } from '../../../../test/support/ach.ts';
import { collectEvents, connectShopperSocket } from '../../../../test/support/live-client.ts';
import { orderStatus, pendingOrder, SANDBOX_CARDS } from '../../../../test/support/payments.ts';
import { cardPaidOrder, refund, refundRequest } from '../../../../test/support/refunds.ts';
import { payIntent, saveStripeCard, STRIPE_TEST_CARDS } from '../../../../test/support/stripe.ts';
import { adminAuditLog, ledgerEntries, payments, paymentWebhookEvents } from '../../../db/schema.ts';
import { sandboxTransactions, stripeSandboxObjects } from '../../../db/sandbox-schema.ts';

const WAIT = { timeout: 30_000, interval: 100 };
let t: TestApp;
let admin: Shopper;
let otherAdmin: Shopper;
let baseUrl: string;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
  admin = await createAdmin(t.database.db);
  otherAdmin = await createAdmin(t.database.db);
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

const db = () => t.database.db;
const paymentOf = async (orderId: string) => (await db().select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
const ledgerOf = async (s: Shopper) =>
  (await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, s.id))).map((e) => [e.amount, e.reason, e.reference]);
/** The refunds the card sandbox made of the payment. */
const providerRefundsOf = (paymentId: string) =>
  db()
    .select()
    .from(sandboxTransactions)
    .where(and(eq(sandboxTransactions.kind, 'refund'), eq(sandboxTransactions.clientUniqueId, paymentId)));
const auditOf = (orderId: string) =>
  db()
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, 'order.refund'), eq(adminAuditLog.targetId, orderId)));

/** The shopper's purchasedWallet as the API shows it. */
async function purchased(s: Shopper): Promise<number> {
  const res = await as(t.app, s, { method: 'GET', url: '/api/v1/getuser' });
  expect(res.statusCode).toBe(200);
  return res.json().data.coins.purchasedWallet as number;
}

describe('an admin refunds a card-paid order', () => {
  it('refunds at the provider once, takes the coins back through the ledger, live, and writes the audit log', async () => {
    const paid = await cardPaidOrder(t.app, db());
    const payment = await paymentOf(paid.orderId);
    const socket = await connectShopperSocket(baseUrl, paid.shopper);
    try {
      const wallets = collectEvents(socket, 'walletUpdated');
      const res = await refund(t.app, admin, paid.orderId, { reason: '  Customer asked for a refund.  ' });
      expect(res.statusCode, res.body).toBe(200);
      expect(adminRefundResponse.parse(res.json()).data).toEqual({
        orderId: paid.orderId,
        state: 'refunded',
        refundedCents: paid.totalCents,
        reversedCoins: paid.coins,
      });
      // The shopper's open tab hears the balance drop without a reload.
      await vi.waitFor(() => expect(wallets.at(-1)?.coins.purchasedWallet).toBe(0), WAIT);
    } finally {
      socket.disconnect();
    }

    expect(await orderStatus(t.app, paid.shopper, paid.orderId)).toBe('refunded');
    expect((await paymentOf(paid.orderId)).status).toBe('refunded');
    expect(await providerRefundsOf(payment.id)).toHaveLength(1);
    expect(await ledgerOf(paid.shopper)).toEqual([
      [paid.coins, expect.any(String), `order:${paid.orderId}`],
      [-paid.coins, 'reversal', `reversal:order:${paid.orderId}`],
    ]);
    expect(await purchased(paid.shopper)).toBe(0);

    const [entry, ...more] = await auditOf(paid.orderId);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetType: 'order',
      before: { state: 'fulfilled', paymentId: payment.id, paymentStatus: 'approved' },
      after: {
        state: 'refunded',
        paymentStatus: 'refunded',
        refundedCents: paid.totalCents,
        reversedCoins: paid.coins,
        reason: 'Customer asked for a refund.',
      },
    });

    // The console's order page shows the refunded order and payment, and the reversal entry.
    const detail = await as(t.app, admin, { method: 'GET', url: `/api/v1/admin/orders/${paid.orderId}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.order.status).toBe('refunded');
    expect(detail.json().data.payments).toEqual([expect.objectContaining({ id: payment.id, status: 'refunded' })]);
    expect(detail.json().data.ledger).toEqual(
      expect.arrayContaining([expect.objectContaining({ reference: `reversal:order:${paid.orderId}`, amount: -paid.coins })]),
    );

    // Refunding it again is refused and changes nothing.
    const again = await refund(t.app, otherAdmin, paid.orderId);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ success: false, code: 'ALREADY_REFUNDED' });
    expect(await providerRefundsOf(payment.id)).toHaveLength(1);
    expect(await auditOf(paid.orderId)).toHaveLength(1);
    expect(await purchased(paid.shopper)).toBe(0);
  });

  it('the wallet may go below zero: the coins were spent meanwhile', async () => {
    const paid = await cardPaidOrder(t.app, db());
    const spend = await adjustWalletAs(t.app, admin, {
      userId: paid.shopper.id,
      wallet: 'purchasedWallet',
      amount: -(paid.coins - 100),
      reason: 'Spent in a game',
    });
    expect(spend.statusCode, spend.body).toBe(200);
    const res = await refund(t.app, admin, paid.orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(await purchased(paid.shopper)).toBe(100 - paid.coins);
  });

  it('declined by the provider: 422 with its reason, the order still fulfilled, the ledger unchanged', async () => {
    const paid = await cardPaidOrder(t.app, db(), SANDBOX_CARDS.refundDeclined);
    const ledgerBefore = await ledgerOf(paid.shopper);
    const res = await refund(t.app, admin, paid.orderId);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ success: false, code: 'REFUND_DECLINED' });
    expect(res.json().message).toContain('Refund declined by the issuer');

    expect(await orderStatus(t.app, paid.shopper, paid.orderId)).toBe('fulfilled');
    expect((await paymentOf(paid.orderId)).status).toBe('approved');
    expect(await ledgerOf(paid.shopper)).toEqual(ledgerBefore);
    expect(await purchased(paid.shopper)).toBe(paid.coins);
    expect(await auditOf(paid.orderId)).toEqual([]);
    // The claim was released: a retry is asked of the provider again (and declined again), not refused as in progress.
    const retry = await refund(t.app, admin, paid.orderId);
    expect(retry.json()).toMatchObject({ code: 'REFUND_DECLINED' });
  });

  it('ten refunds at once: exactly one 200, the rest 409; one provider refund, one reversal, one audit entry', async () => {
    const paid = await cardPaidOrder(t.app, db());
    const payment = await paymentOf(paid.orderId);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => refund(t.app, i % 2 ? admin : otherAdmin, paid.orderId, { reason: `Refund #${i}` })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(['REFUND_IN_PROGRESS', 'ALREADY_REFUNDED']).toContain(refused.json().code);

    expect(await providerRefundsOf(payment.id)).toHaveLength(1);
    const reversals = (await ledgerOf(paid.shopper)).filter(([, reason]) => reason === 'reversal');
    expect(reversals).toEqual([[-paid.coins, 'reversal', `reversal:order:${paid.orderId}`]]);
    expect(await auditOf(paid.orderId)).toHaveLength(1);
    expect(await purchased(paid.shopper)).toBe(0);
  });

  it("the provider's answer is lost: 502, the refund stays in progress; a later retry finds it made and finishes it, never refunding twice", async () => {
    const paid = await cardPaidOrder(t.app, db(), SANDBOX_CARDS.refundAnswerLost);
    const payment = await paymentOf(paid.orderId);
    const lost = await refund(t.app, admin, paid.orderId);
    expect(lost.statusCode, lost.body).toBe(502);
    expect(lost.json()).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
    expect((await paymentOf(paid.orderId)).status).toBe('refunding');
    expect(await orderStatus(t.app, paid.shopper, paid.orderId)).toBe('fulfilled');
    expect(await purchased(paid.shopper)).toBe(paid.coins);

    // At once: another admin is told it is in progress.
    const meanwhile = await refund(t.app, otherAdmin, paid.orderId);
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json()).toMatchObject({ code: 'REFUND_IN_PROGRESS' });

    // A minute later (the claim's time set back, as a minute's wait would leave it): the retry asks the provider first.
    await db()
      .update(payments)
      .set({ updatedAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(payments.id, payment.id));
    const retry = await refund(t.app, otherAdmin, paid.orderId);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data).toMatchObject({ state: 'refunded', reversedCoins: paid.coins });
    expect(await providerRefundsOf(payment.id)).toHaveLength(1);
    expect(await purchased(paid.shopper)).toBe(0);
    expect(await auditOf(paid.orderId)).toEqual([expect.objectContaining({ actorId: otherAdmin.id })]);
  });
});

describe('an admin refunds a Stripe-paid order', () => {
  it("refunds through Stripe; Stripe's charge.refunded that follows takes nothing more", async () => {
    const s = await createShopper(db());
    const card = await saveStripeCard(t.app, s, STRIPE_TEST_CARDS.succeeds);
    const order = await pendingOrder(t.app, s);
    const paidRes = await payIntent(t.app, s, card, order._id);
    expect(paidRes.statusCode, paidRes.body).toBe(200);
    const paymentIntentId = paidRes.json().data.paymentIntentId as string;
    const coins = order.coins + order.bonusCoins;
    expect(await purchased(s)).toBe(coins);

    const res = await refund(t.app, admin, order._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ orderId: order._id, state: 'refunded', refundedCents: order.total, reversedCoins: coins });

    // Stripe announces the refund; our webhook handles it and leaves the coins alone.
    await vi.waitFor(async () => {
      const events = (await db().select().from(stripeSandboxObjects).where(eq(stripeSandboxObjects.object, 'event')))
        .map((row) => row.data as { id: string; type: string; data: { object: Record<string, unknown> } })
        .filter((e) => e.type === 'charge.refunded' && e.data.object.payment_intent === paymentIntentId);
      expect(events).toHaveLength(1);
      const [handled] = await db()
        .select()
        .from(paymentWebhookEvents)
        .where(and(eq(paymentWebhookEvents.provider, 'stripe'), eq(paymentWebhookEvents.eventId, events[0]!.id)));
      expect(handled?.status).toBe('done');
    }, WAIT);
    const payment = (await db().select().from(payments).where(eq(payments.orderId, order._id))).find(
      (p) => p.provider === 'stripe-sandbox',
    );
    expect(payment?.status).toBe('refunded');
    expect(await orderStatus(t.app, s, order._id)).toBe('refunded');
    const reversals = (await ledgerOf(s)).filter(([, reason]) => reason === 'reversal');
    expect(reversals).toEqual([[-coins, 'reversal', `reversal:order:${order._id}`]]);
    expect(await purchased(s)).toBe(0);
  });
});

describe('an admin refunds a settled bank (ACH) payment', () => {
  it('credits the account back through the ACH provider and takes the coins back once', async () => {
    const s = await createShopper(db(), { state: 'TX' });
    const bank = await linkBankAccount(t.app, s, { routingNumber: SANDBOX_ROUTING.federal, accountNumber: SANDBOX_ACCOUNTS.settles });
    const order = await pendingOrder(t.app, s);
    const paidRes = await payAch(t.app, s, { orderId: order._id, userPaymentOptionId: bank.userPaymentOptionId });
    expect(paidRes.statusCode, paidRes.body).toBe(200);
    const settled = await achControl(t.app, paidRes.json().data.transactionId as string, 'settle');
    expect(settled.statusCode, settled.body).toBe(200);
    const coins = order.coins + order.bonusCoins;
    expect(await purchased(s)).toBe(coins);

    const res = await refund(t.app, admin, order._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ orderId: order._id, state: 'refunded', refundedCents: order.total, reversedCoins: coins });
    expect(await achStatus(t.app, s, order._id)).toMatchObject({ status: 'refunded' });
    expect(await orderStatus(t.app, s, order._id)).toBe('refunded');
    expect((await ledgerOf(s)).filter(([, reason]) => reason === 'reversal')).toEqual([
      [-coins, 'reversal', `reversal:order:${order._id}`],
    ]);
    expect(await purchased(s)).toBe(0);
  });
});

describe('who may refund, and what', () => {
  it('a guest gets 401 and a shopper 403, whatever the body; nothing changes', async () => {
    const paid = await cardPaidOrder(t.app, db());
    for (const payload of [{ reason: 'Refund please' }, { reason: '' }, {}, 'banana']) {
      const guest = await t.app.inject(refundRequest(paid.orderId, payload));
      expect(guest.statusCode, guest.body).toBe(401);
      const shopper = await as(t.app, paid.shopper, refundRequest(paid.orderId, payload));
      expect(shopper.statusCode, shopper.body).toBe(403);
      expect(shopper.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    expect(await orderStatus(t.app, paid.shopper, paid.orderId)).toBe('fulfilled');
    expect(await purchased(paid.shopper)).toBe(paid.coins);
  });

  it('a bad body is refused with 400 naming the field; nothing changes', async () => {
    const paid = await cardPaidOrder(t.app, db());
    for (const payload of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 42 }]) {
      const res = await refund(t.app, admin, paid.orderId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, field: 'reason' });
    }
    const extra = await refund(t.app, admin, paid.orderId, { reason: 'ok', amount: 1 });
    expect(extra.statusCode).toBe(400);
    expect((await paymentOf(paid.orderId)).status).toBe('approved');
    expect(await purchased(paid.shopper)).toBe(paid.coins);
  });

  it('an unknown order is 404; an order not paid is 409', async () => {
    const unknown = await refund(t.app, admin, 'no-such-order');
    expect(unknown.statusCode, unknown.body).toBe(404);
    const s = await createShopper(db());
    const order = await pendingOrder(t.app, s);
    const pending = await refund(t.app, admin, order._id);
    expect(pending.statusCode, pending.body).toBe(409);
    expect(pending.json()).toMatchObject({ code: 'ORDER_STATE' });
  });
});
