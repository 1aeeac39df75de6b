// The ACH sandbox settles on its own clock (ACH_SANDBOX_SETTLE_MS, short here): a settling account's
// debit settles and the order is fulfilled, a failing one fails before settlement, a returning one
// settles and comes back (R01). Reconciliation asking about a debit not settled yet leaves it waiting.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../test/support/test-app.ts';
import { createShopper } from '../../../../../test/support/checkout.ts';
import { orderStatus, pendingOrder } from '../../../../../test/support/payments.ts';
import { achStatus, linkBankAccount, payAch, SANDBOX_ACCOUNTS, SANDBOX_ROUTING, wallet } from '../../../../../test/support/ach.ts';
import { reconcilePayments } from '../../../../modules/payments/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ ACH_SANDBOX_SETTLE_MS: 300 }, { seedDemo: false });
});
afterAll(async () => {
  await t.close();
});

async function payFrom(accountNumber: string) {
  const s = await createShopper(t.database.db, { state: 'TX' });
  const bank = await linkBankAccount(t.app, s, { routingNumber: SANDBOX_ROUTING.federal, accountNumber });
  const order = await pendingOrder(t.app, s);
  const paid = await payAch(t.app, s, { orderId: order._id, userPaymentOptionId: bank.userPaymentOptionId });
  expect(paid.statusCode, paid.body).toBe(200);
  expect(paid.json().data).toMatchObject({ action: 'pay', status: 'processing' });
  return { s, order };
}

const eventually = { timeout: 20_000, interval: 100 };

describe('the ACH sandbox settlement clock', () => {
  it('settles a debit after the delay: the order is fulfilled and the coins credited', async () => {
    const { s, order } = await payFrom(SANDBOX_ACCOUNTS.settles);
    await vi.waitFor(async () => expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled'), eventually);
    expect(await wallet(t.app, s)).toBe(order.coins + order.bonusCoins);
  });

  it('fails a debit of the failing test account before settlement: the order fails, nothing credited', async () => {
    const { s, order } = await payFrom(SANDBOX_ACCOUNTS.fails);
    await vi.waitFor(async () => expect(await orderStatus(t.app, s, order._id)).toBe('failed'), eventually);
    expect(await achStatus(t.app, s, order._id)).toMatchObject({ status: 'failed', returnCode: 'R03' });
    expect(await wallet(t.app, s)).toBe(0);
  });

  it('returns the settled debit of the returning test account: the coins are taken back', async () => {
    const { s, order } = await payFrom(SANDBOX_ACCOUNTS.returns);
    await vi.waitFor(
      async () => expect(await achStatus(t.app, s, order._id)).toMatchObject({ status: 'returned', returnCode: 'R01' }),
      eventually,
    );
    expect(await orderStatus(t.app, s, order._id)).toBe('refunded');
    expect(await wallet(t.app, s)).toBe(0);
  });
});

describe('reconciliation of a bank payment not settled yet', () => {
  let slow: TestApp;
  beforeAll(async () => {
    slow = await buildTestApp({ ACH_SANDBOX_SETTLE_MS: 3_600_000 }, { seedDemo: false });
  });
  afterAll(async () => {
    await slow.close();
  });

  it('asks the provider, hears pending, and leaves the payment and its order waiting', async () => {
    const s = await createShopper(slow.database.db, { state: 'TX' });
    const bank = await linkBankAccount(slow.app, s, { routingNumber: SANDBOX_ROUTING.federal, accountNumber: SANDBOX_ACCOUNTS.settles });
    const order = await pendingOrder(slow.app, s);
    expect((await payAch(slow.app, s, { orderId: order._id, userPaymentOptionId: bank.userPaymentOptionId })).statusCode).toBe(200);
    const deps = {
      db: slow.database.db,
      providers: slow.app.paymentProviders,
      log: slow.app.log,
      wake: slow.app.outbox,
      payOrder: slow.app.payOrder,
    };
    await reconcilePayments(deps, { now: new Date(Date.now() + 60 * 60_000) });
    expect(await achStatus(slow.app, s, order._id)).toMatchObject({ status: 'processing' });
    expect(await orderStatus(slow.app, s, order._id)).toBe('pending');
  });
});
