// Issue 9: "The server killed after a provider approved and before fulfilment, for each provider: after
// restart the order is fulfilled once", for bank account payments (ADR 011). Modelled on
// ../crash-restart.test.ts: the real server runs as a child process; a shopper links a sandbox bank
// account and pays an order from it over HTTP (the debit is pending), then the sandbox's settle control
// delivers the settlement, and the server kills itself (SIGKILL) right after the settlement's approval
// is recorded, before fulfilment. A second process on the same database must finish the purchase: order
// fulfilled, coins credited once (the ledger), one approved payment, one settled debit, one receipt.
// PostgreSQL when DATABASE_URL is set, else PGlite on disk.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailbox, orders, payments } from '../../../../db/schema.ts';
import { sandboxAchDebits } from '../../../../db/sandbox-schema.ts';
import { expectLedgerBalanced, ledgerSumForOrder, STARTER_POUCH } from '../../../../../test/support/checkout.ts';
import {
  api,
  linkSandboxBankAccount,
  pollStore,
  freshStoreDatabase,
  fillBillingAddress,
  signUpShopper,
  startStore,
  type StoreDatabase,
  type StoreProcess,
} from '../../../../../test/support/crash-testing.ts';

const RUN_TIMEOUT = 180_000;

type Shopper = { email: string; token: string };
type OrderJson = { _id: string; status: string; totalCoins: number; paymentProcessing?: boolean };

/** A Starter Pouch order paid from a linked account: the debit is pending, the order processing. */
async function orderPaidByBank(store: StoreProcess, shopper: Shopper): Promise<{ order: OrderJson; transactionId: string }> {
  const bought = await api(store, 'POST', `v1/checkout/buy/${STARTER_POUCH}`, { type: 'product', quantity: 1 }, shopper.token);
  expect(bought.status).toBe(200);
  const order = bought.json.data as OrderJson;
  const userPaymentOptionId = await linkSandboxBankAccount(store, shopper.token);
  const paid = await api(store, 'POST', 'v1/nuvei/payment/ach', { orderId: order._id, userPaymentOptionId }, shopper.token);
  expect(paid.status).toBe(200);
  expect(paid.json.data).toMatchObject({ action: 'pay', status: 'processing', orderId: order._id });
  const seen = await api(store, 'GET', `v1/checkout/getorder?orderId=${order._id}`, undefined, shopper.token);
  expect(seen.json.data).toMatchObject({ status: 'pending', paymentProcessing: true });
  return { order, transactionId: (paid.json.data as { transactionId: string }).transactionId };
}

/** The sandbox's settle control, from this machine; the server dies while its notification is handled. */
async function settleAndWatchItDie(store: StoreProcess, transactionId: string): Promise<void> {
  const answer = await fetch(`${store.url}/sandbox/ach/debits/${transactionId}/settle`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  }).then(
    (res) => `answered ${res.status}`,
    () => 'no answer',
  );
  expect(answer).toBe('no answer');
  expect(await store.exited).toEqual({ code: null, signal: 'SIGKILL' });
}

/** After the restart, as the shopper sees it: the order fulfilled, its coins credited once, one receipt. */
async function expectFulfilledOnce(store: StoreProcess, shopper: Shopper, order: OrderJson): Promise<void> {
  const getOrder = async () =>
    (await api(store, 'GET', `v1/checkout/getorder?orderId=${order._id}`, undefined, shopper.token)).json.data as OrderJson;
  const seen = await pollStore(getOrder, (o) => o.status === 'fulfilled');
  expect(seen.status).toBe('fulfilled');
  expect(seen.paymentProcessing).toBeUndefined();
  const user = await api(store, 'GET', 'v1/getuser', undefined, shopper.token);
  expect((user.json.data as { coins: { purchasedWallet: number } }).coins.purchasedWallet).toBe(order.totalCoins);
  const ach = await api(store, 'GET', `v1/nuvei/ach/${order._id}`, undefined, shopper.token);
  expect(ach.json.data).toMatchObject({ status: 'settled', returnCode: null });
  // The receipt goes out through the outbox, at start or on its next poll.
  const receipts = await pollStore(
    async () =>
      ((await api(store, 'GET', `dev/mailbox?to=${encodeURIComponent(shopper.email)}`)).json.data as { subject: string }[]).filter((m) =>
        /receipt/i.test(m.subject),
      ),
    (found) => found.length > 0,
  );
  expect(receipts).toHaveLength(1);
}

/** With the server stopped: the ledger balances; one approved payment, and it is the sandbox's one settled debit. */
async function expectBooksBalanced(database: StoreDatabase, order: OrderJson, email: string, transactionId: string): Promise<void> {
  const opened = await database.open();
  try {
    const { db } = opened;
    await expectLedgerBalanced(db, order._id);
    expect(await ledgerSumForOrder(db, order._id)).toBe(order.totalCoins);
    const rows = await db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(rows.map((p) => [p.status, p.method, p.provider, p.transactionId])).toEqual([
      ['approved', 'bank_account', 'nuvei-ach-sandbox', transactionId],
    ]);
    const debits = await db.select().from(sandboxAchDebits).where(eq(sandboxAchDebits.orderId, order._id));
    expect(debits.map((d) => [d.id, d.status, d.clientUniqueId])).toEqual([[transactionId, 'settled', rows[0]!.id]]);
    const [row] = await db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ status: 'fulfilled', paymentId: rows[0]!.id });
    expect((await db.select().from(mailbox).where(eq(mailbox.toAddress, email))).filter((m) => /receipt/i.test(m.subject))).toHaveLength(1);
  } finally {
    await opened.close();
  }
}

describe('a server killed while a bank payment settles', () => {
  it(
    "after the settlement's approval is recorded, before fulfilment: the next start fulfils the order and credits its coins once",
    { timeout: RUN_TIMEOUT },
    async () => {
      const fresh = await freshStoreDatabase();
      // The sandbox's clock settles nothing by itself during the test: only the control does.
      const database: StoreDatabase = { ...fresh, env: { ...fresh.env, ACH_SANDBOX_SETTLE_MS: String(60 * 60_000) } };
      const started: StoreProcess[] = [];
      try {
        const first = await startStore(database, 'after-approval-recorded');
        started.push(first);
        const shopper = await signUpShopper(first);
        await fillBillingAddress(first, shopper);
        const { order, transactionId } = await orderPaidByBank(first, shopper);
        await settleAndWatchItDie(first, transactionId);

        // What the crash left: the settlement's approval and the paid order, committed together; no coins.
        const left = await database.open();
        try {
          const [row] = await left.db.select().from(orders).where(eq(orders.id, order._id));
          expect(row!.status).toBe('paid');
          const rows = await left.db.select().from(payments).where(eq(payments.orderId, order._id));
          expect(rows.map((p) => [p.status, row!.paymentId === p.id])).toEqual([['approved', true]]);
          expect(await ledgerSumForOrder(left.db, order._id)).toBe(0);
        } finally {
          await left.close();
        }

        const second = await startStore(database);
        started.push(second);
        await expectFulfilledOnce(second, shopper, order);
        // The settle control again: the debit is settled already, nothing more happens.
        const again = await fetch(`${second.url}/sandbox/ach/debits/${transactionId}/settle`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        expect(again.status).toBe(409);
        await second.stop();
        await expectBooksBalanced(database, order, shopper.email, transactionId);
      } finally {
        for (const store of started) await store.stop();
        await fresh.drop();
      }
    },
  );
});
