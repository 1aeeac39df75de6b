// The webhook approves only a charge of the payment's own transaction, amount and currency. A signed
// but unfitting notification (the InitAuth3D fingerprint, another sum or currency) is acknowledged
// (200, so the provider stops resending it) and changes nothing. (Nuvei's DMNs: nuvei-provider.test.ts.)
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { payments } from '../../db/schema.ts';
import { tokenizeCard } from '../../../test/support/vault.ts';
import { createShopper, expectLedgerBalanced, ledgerSumForOrder } from '../../../test/support/checkout.ts';
import {
  init,
  orderStatus,
  paymentFirst,
  pendingOrder,
  SANDBOX_CARDS,
  SANDBOX_SIGNATURE_HEADER,
  signNotification,
  type SandboxNotification,
} from '../../../test/support/payments.ts';

const SECRET = 'notification-test-secret-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://store.test', PAYMENTS_WEBHOOK_SECRET: SECRET }, { seedDemo: false });
});
afterAll(() => t.close());

const paymentOf = async (orderId: string) => (await t.database.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;

function notify(body: SandboxNotification) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/nuvei/notify',
    headers: { [SANDBOX_SIGNATURE_HEADER]: signNotification(SECRET, body), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

const approval = (payment: { id: string; orderId: string; amountCents: number }, transactionId: string): SandboxNotification => ({
  transactionId,
  clientUniqueId: payment.id,
  orderId: payment.orderId,
  transactionType: 'Sale',
  status: 'APPROVED',
  amountCents: payment.amountCents,
  currency: 'USD',
  code: null,
  reason: null,
  card: null,
  timestamp: new Date().toISOString(),
});

describe('notifications that must not approve a payment', () => {
  it('an APPROVED notification of the init (InitAuth3D) transaction fulfils nothing', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const step1 = (await init(t.app, s, { orderId: order._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.challenge) })).json().data;
    const payment = await paymentOf(order._id);
    expect(payment.transactionId).toBe(step1.transactionId);

    const res = await notify({ ...approval(payment, step1.transactionId), transactionType: 'InitAuth3D' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
    expect((await paymentOf(order._id)).status).toBe('initiated');
    expect(await ledgerSumForOrder(t.database.db, order._id)).toBe(0);
  });

  it('an approval of another amount or currency is ignored; the right one fulfils', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const step1 = (await init(t.app, s, { orderId: order._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.challenge) })).json().data;
    const step2 = (
      await paymentFirst(t.app, s, {
        orderId: order._id,
        version: step1.paymentOption.card.threeD.version,
        relatedTransactionId: step1.transactionId,
      })
    ).json().data;
    const payment = await paymentOf(order._id);
    const sale = approval(payment, step2.transactionId);

    for (const wrong of [{ amountCents: 1 }, { currency: 'EUR' }]) {
      const res = await notify({ ...sale, ...wrong });
      expect(res.statusCode, res.body).toBe(200);
      expect(await orderStatus(t.app, s, order._id)).toBe('pending');
      expect((await paymentOf(order._id)).status).toBe('challenge');
    }
    const right = await notify(sale);
    expect(right.statusCode, right.body).toBe(200);
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
    await expectLedgerBalanced(t.database.db, order._id);
  });

  it("a notification naming another payment than the transaction's is a 404", async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const step1 = (await init(t.app, s, { orderId: order._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.challenge) })).json().data;
    const step2 = (
      await paymentFirst(t.app, s, {
        orderId: order._id,
        version: step1.paymentOption.card.threeD.version,
        relatedTransactionId: step1.transactionId,
      })
    ).json().data;
    const payment = await paymentOf(order._id);
    const res = await notify({ ...approval(payment, step2.transactionId), clientUniqueId: 'another-payment' });
    expect(res.statusCode).toBe(404);
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
  });
});
