// A store shopper pays by bank (ACH) inside the embedded checkout this process hosts: the host tells the
// store at once that the debit is pending (payment.pending), the store keeps the order waiting for the bank
// (pending, paymentProcessing, its reservation kept), fulfils it once when the settled debit's
// payment.approved arrives, and fails it when the bank returns the debit before it settles.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { coinflowSessionResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { achControl, SANDBOX_ACCOUNTS, SANDBOX_ROUTING } from '../../../../test/support/ach.ts';
import { as, createShopper, expectLedgerBalanced, type Shopper } from '../../../../test/support/checkout.ts';
import { pendingOrder } from '../../../../test/support/payments.ts';
import { orders, payments } from '../../../db/schema.ts';
import { latestBankAttempt } from '@store/checkout-host/testing';
import { SESSION_KEY_HEADER } from '@store/checkout-host';
import { saveDistributorKeys } from '../../../modules/settings/index.ts';
import { getWalletCoins } from '../../../modules/wallet/index.ts';
import { freePort } from '../../../../test/support/ports.ts';

const GAME = 'dragon-slots';

let t: TestApp;
beforeAll(async () => {
  const storePort = await freePort();
  // The host delivers its webhook to PUBLIC_URL over HTTP: the store listens there.
  t = await buildTestApp({ PUBLIC_URL: `http://127.0.0.1:${storePort}` }, { seedDemo: false });
  await t.app.listen({ port: storePort, host: '127.0.0.1' });
  await saveDistributorKeys(t.database.db, { [GAME]: 'a-signing-key-of-the-dragon-slots-game-0001' });
}, 60_000);
afterAll(() => t.close());

const hostUrl = (path: string) => `${t.app.checkoutHost.origin().replace('localhost', '127.0.0.1')}${path}`;
const pageCall = async (key: string, method: string, path: string, body?: unknown) => {
  const res = await fetch(hostUrl(path), {
    method,
    headers: { [SESSION_KEY_HEADER]: key, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};
const orderView = async (s: Shopper, orderId: string) => {
  const res = await as(t.app, s, { method: 'GET', url: `/api/v1/checkout/getorder?orderId=${orderId}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as { status: string; paymentProcessing?: true; failureReason: string | null };
};
const attemptsOf = (orderId: string) => t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
/** The host's reconciliation asks the bank, then its webhooks reach the store. */
const hostPass = async () => {
  await t.app.checkoutHost.reconcile();
  await t.app.checkoutHost.deliverWebhooks();
};

/** The shopper opens the frame of their order and pays by bank: the debit is pending. Answers the host's debit id. */
async function payByBankInTheFrame(s: Shopper, orderId: string, accountNumber: string): Promise<string> {
  const opened = await as(t.app, s, { method: 'GET', url: `/api/v1/payment/coinflow/session?gameProvider=${GAME}&orderId=${orderId}` });
  expect(opened.statusCode, opened.body).toBe(200);
  const session = coinflowSessionResponse.parse(opened.json()).data;
  expect(session.allowedPaymentMethods).toContain('ach');
  const page = await pageCall(session.sessionKey, 'GET', '/api/checkout/session');
  expect(page.json.allowedPaymentMethods).toContain('ach');
  const paid = await pageCall(session.sessionKey, 'POST', '/api/checkout/ach', {
    routingNumber: SANDBOX_ROUTING.federal,
    accountNumber,
    accountType: 'checking',
  });
  expect(paid).toMatchObject({ status: 200, json: { status: 'pending' } });
  const [attempt] = await attemptsOf(orderId);
  return (await latestBankAttempt(t.database.db, attempt!.transactionId))!.transactionId!;
}

/** payment.pending reached the store: the order waits for the bank, neither failed nor paid. */
async function expectSettling(s: Shopper, orderId: string) {
  await t.app.checkoutHost.deliverWebhooks();
  await vi.waitFor(async () => expect((await attemptsOf(orderId))[0]!.status).toBe('pending'), { timeout: 20_000, interval: 100 });
  expect(await orderView(s, orderId)).toMatchObject({ status: 'pending', paymentProcessing: true });
  // The reservation sweep (a background job) leaves a settling order alone, however old its reservation.
  await t.database.db
    .update(orders)
    .set({ reservedAt: new Date(Date.now() - 24 * 60 * 60_000) })
    .where(eq(orders.id, orderId));
  await t.app.outbox.drain();
  expect(await orderView(s, orderId)).toMatchObject({ status: 'pending', paymentProcessing: true });
}

describe('a bank payment (ACH) in the embedded checkout', () => {
  it('pending (payment.pending) → the bank settles → the order is fulfilled once', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const debit = await payByBankInTheFrame(s, order._id, '4829105736');
    await expectSettling(s, order._id);
    expect((await getWalletCoins(t.database.db, s.id)).purchasedWallet).toBe(0);

    expect((await achControl(t.app, debit, 'settle')).statusCode).toBe(200);
    await vi.waitFor(
      async () => {
        await hostPass();
        expect((await orderView(s, order._id)).status).toBe('fulfilled');
      },
      { timeout: 30_000, interval: 200 },
    );
    // More passes and deliveries change nothing: fulfilled once.
    await hostPass();
    await hostPass();
    expect((await getWalletCoins(t.database.db, s.id)).purchasedWallet).toBe(order.coins + order.bonusCoins);
    await expectLedgerBalanced(t.database.db, order._id);
    expect((await attemptsOf(order._id)).map((r) => [r.method, r.status])).toEqual([['embedded_checkout', 'approved']]);
  }, 90_000);

  it('pending → the bank returns the debit before it settles → the order fails, nothing granted', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const debit = await payByBankInTheFrame(s, order._id, SANDBOX_ACCOUNTS.settles);
    await expectSettling(s, order._id);

    // The bank settles it and takes it back (R01) before the host hears of the settlement.
    expect((await achControl(t.app, debit, 'settle')).statusCode).toBe(200);
    expect((await achControl(t.app, debit, 'return', 'R01')).statusCode).toBe(200);
    await vi.waitFor(
      async () => {
        await hostPass();
        expect((await orderView(s, order._id)).status).toBe('failed');
      },
      { timeout: 30_000, interval: 200 },
    );
    const view = await orderView(s, order._id);
    expect(view.paymentProcessing).toBeUndefined();
    expect(view.failureReason).toBeTruthy();
    expect((await attemptsOf(order._id)).map((r) => r.status)).toEqual(['declined']);
    expect((await getWalletCoins(t.database.db, s.id)).purchasedWallet).toBe(0);
  }, 90_000);
});
