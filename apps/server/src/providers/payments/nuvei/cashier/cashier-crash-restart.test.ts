// Issue 9: "The server killed after a provider approved and before fulfilment, for each provider: after
// restart the order is fulfilled once (reconciliation asks each provider)", for the cashier (ADR 014).
// Modelled on ../crash-restart.test.ts: the real server runs as a child process on a database that
// outlives it. PostgreSQL when DATABASE_URL is set, else PGlite on disk.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, payments } from '../../../../db/schema.ts';
import { cashierSandboxSessions } from '../../../../db/sandbox-schema.ts';
import { expectLedgerBalanced, ledgerSumForOrder, STARTER_POUCH } from '../../../../../test/support/checkout.ts';
import { pageForm } from '../../../../../test/support/cashier.ts';
import {
  api,
  expectFulfilledOnce,
  freshStoreDatabase,
  signUpShopper,
  startStore,
  tokenizeAt,
  type StoreDatabase,
  type StoreProcess,
} from '../../../../../test/support/crash-testing.ts';
import { SANDBOX_CARDS } from '../../../../../test/support/payments.ts';
import { IN_FLIGHT_STALE_MS } from '../../../../modules/payments/index.ts';

const RUN_TIMEOUT = 180_000;

type Shopper = { email: string; token: string };
type OrderJson = { _id: string; status: string; totalCoins: number };

async function buyPouchAndOpenCashier(store: StoreProcess, shopper: Shopper): Promise<{ order: OrderJson; pageUrl: string }> {
  const bought = await api(store, 'POST', `v1/checkout/buy/${STARTER_POUCH}`, { type: 'product', quantity: 1 }, shopper.token);
  expect(bought.status).toBe(200);
  const order = bought.json.data as OrderJson;
  const started = await api(store, 'POST', 'v1/nuvei/cashier', { orderId: order._id }, shopper.token);
  expect(started.status).toBe(200);
  return { order, pageUrl: new URL((started.json.data as { url: string }).url, store.url).href };
}

async function expectBooksBalanced(database: StoreDatabase, order: OrderJson): Promise<void> {
  const opened = await database.open();
  try {
    await expectLedgerBalanced(opened.db, order._id);
    expect(await ledgerSumForOrder(opened.db, order._id)).toBe(order.totalCoins);
    const rows = await opened.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(rows.map((p) => p.status)).toEqual(['approved']);
    const [row] = await opened.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ status: 'fulfilled', paymentId: rows[0]!.id });
  } finally {
    await opened.close();
  }
}

async function withStoreDatabase(run: (database: StoreDatabase, started: StoreProcess[]) => Promise<void>): Promise<void> {
  const database = await freshStoreDatabase();
  const started: StoreProcess[] = [];
  try {
    await run(database, started);
  } finally {
    for (const store of started) await store.stop();
    await database.drop();
  }
}

describe('a server killed while a cashier payment is approved', () => {
  it("right after the page's approval is recorded: the next start fulfils the paid order, once", { timeout: RUN_TIMEOUT }, async () => {
    await withStoreDatabase(async (database, started) => {
      const first = await startStore(database, 'after-approval-recorded');
      started.push(first);
      const shopper = await signUpShopper(first);
      const { order, pageUrl } = await buyPouchAndOpenCashier(first, shopper);
      const cardToken = await tokenizeAt(first, shopper, SANDBOX_CARDS.frictionless);
      const answer = await fetch(pageUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: pageForm(pageUrl, { cardToken }).toString(),
        redirect: 'manual',
        signal: AbortSignal.timeout(60_000),
      }).then(
        (res) => `answered ${res.status}`,
        () => 'no answer',
      );
      expect(answer).toBe('no answer');
      expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

      const left = await database.open();
      try {
        const [row] = await left.db.select().from(orders).where(eq(orders.id, order._id));
        expect(row!.status).toBe('paid');
        expect(await ledgerSumForOrder(left.db, order._id)).toBe(0);
      } finally {
        await left.close();
      }

      const second = await startStore(database);
      started.push(second);
      await expectFulfilledOnce(second, shopper.token, order);
      await second.stop();
      await expectBooksBalanced(database, order);
    });
  });

  it(
    'charged on the page while our server was down (its notification lost): reconciliation asks the cashier and fulfils, once',
    { timeout: RUN_TIMEOUT },
    async () => {
      await withStoreDatabase(async (database, started) => {
        const first = await startStore(database);
        started.push(first);
        const shopper = await signUpShopper(first);
        const { order, pageUrl } = await buyPouchAndOpenCashier(first, shopper);
        await first.stop();

        // The provider's side of the sandbox took the money; no notification reached us.
        const pageId = new URL(pageUrl).pathname.split('/').at(-1)!;
        const left = await database.open();
        try {
          await left.db
            .update(cashierSandboxSessions)
            .set({ status: 'approved', transactionId: '222222222222222222', secretHash: null, decidedAt: new Date() })
            .where(eq(cashierSandboxSessions.id, pageId));
          const [row] = await left.db.select().from(payments).where(eq(payments.orderId, order._id));
          expect(row!.status).toBe('challenge');
          // The restart comes later than the page's in-flight time.
          await left.db
            .update(payments)
            .set({ updatedAt: new Date(Date.now() - IN_FLIGHT_STALE_MS - 60_000) })
            .where(eq(payments.id, row!.id));
        } finally {
          await left.close();
        }

        const second = await startStore(database);
        started.push(second);
        await expectFulfilledOnce(second, shopper.token, order);
        await second.stop();
        await expectBooksBalanced(database, order);
        const check = await database.open();
        try {
          const [row] = await check.db.select().from(payments).where(eq(payments.orderId, order._id));
          expect(row!.transactionId).toBe('222222222222222222');
        } finally {
          await check.close();
        }
      });
    },
  );
});
