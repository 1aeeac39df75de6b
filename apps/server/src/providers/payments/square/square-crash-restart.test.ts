// Issue 9: "The server killed after a provider approved and before fulfilment, for each provider: after
// restart the order is fulfilled once (reconciliation asks each provider)", for Square (ADR 013).
// Modelled on ../crash-restart.test.ts: the real server runs as a child process and kills itself
// (SIGKILL) at a crash point while a shopper pays with a Square card over HTTP; a second process on the
// same database (a new Square sandbox on a new port, the sandbox's book in that database) finishes the
// purchase: order fulfilled, coins credited once, one approved payment, one Square charge. PostgreSQL
// when DATABASE_URL is set, else PGlite on disk.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, payments } from '../../../db/schema.ts';
import { squareSandboxObjects } from '../../../db/sandbox-schema.ts';
import { expectLedgerBalanced, ledgerSumForOrder, STARTER_POUCH } from '../../../../test/support/checkout.ts';
import {
  api,
  expectFulfilledOnce,
  freshStoreDatabase,
  signUpShopper,
  startStore,
  tokenizeAt,
  type StoreDatabase,
  type StoreProcess,
} from '../../../../test/support/crash-testing.ts';
import { SQUARE_SANDBOX_CARDS } from './sandbox/test-cards.ts';
import type { CrashPoint } from '../../../modules/payments/index.ts';
import { PLACEHOLDER_STALE_MS } from '../../../modules/payments/index.ts';

const RUN_TIMEOUT = 180_000;

type Shopper = { email: string; token: string };
type OrderJson = { _id: string; status: string; totalCoins: number };

async function buyPouch(store: StoreProcess, shopper: Shopper): Promise<OrderJson> {
  const res = await api(store, 'POST', `v1/checkout/buy/${STARTER_POUCH}`, { type: 'product', quantity: 1 }, shopper.token);
  expect(res.status).toBe(200);
  return res.json.data as OrderJson;
}

/** Pays with the approved Square test card; the server dies during the request. */
async function payAndWatchItDie(store: StoreProcess, shopper: Shopper, orderId: string): Promise<void> {
  const sourceId = await tokenizeAt(store, shopper, SQUARE_SANDBOX_CARDS.approved);
  const answer = await api(store, 'POST', 'v1/payment/square/create-payment', { orderId, sourceId }, shopper.token).then(
    (res) => `answered ${res.status}`,
    () => 'no answer',
  );
  expect(answer).toBe('no answer');
  expect(await store.exited).toEqual({ code: null, signal: 'SIGKILL' });
}

/** With the server stopped: the ledger balances; one approved payment, and it is Square's one completed charge. */
async function expectBooksBalanced(database: StoreDatabase, order: OrderJson): Promise<void> {
  const opened = await database.open();
  try {
    await expectLedgerBalanced(opened.db, order._id);
    expect(await ledgerSumForOrder(opened.db, order._id)).toBe(order.totalCoins);
    const rows = await opened.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(rows.map((p) => [p.status, p.provider])).toEqual([['approved', 'square-sandbox']]);
    const charges = await opened.db
      .select()
      .from(squareSandboxObjects)
      .where(and(eq(squareSandboxObjects.kind, 'payment'), eq(squareSandboxObjects.referenceId, rows[0]!.id)));
    expect(charges.map((c) => [c.id, (c.data as { status: string }).status])).toEqual([[rows[0]!.transactionId, 'COMPLETED']]);
    const [row] = await opened.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ status: 'fulfilled', paymentId: rows[0]!.id });
  } finally {
    await opened.close();
  }
}

async function killedAt(crashAt: CrashPoint, whileDown: (database: StoreDatabase, order: OrderJson) => Promise<void>): Promise<void> {
  const database = await freshStoreDatabase();
  const started: StoreProcess[] = [];
  try {
    const first = await startStore(database, crashAt);
    started.push(first);
    const shopper = await signUpShopper(first);
    const order = await buyPouch(first, shopper);
    await payAndWatchItDie(first, shopper, order._id);
    await whileDown(database, order);

    const second = await startStore(database);
    started.push(second);
    await expectFulfilledOnce(second, shopper.token, order);
    await second.stop();
    await expectBooksBalanced(database, order);
  } finally {
    for (const store of started) await store.stop();
    await database.drop();
  }
}

describe('a server killed while a Square payment is approved', () => {
  it('right after the approval is recorded: the next start fulfils the paid order, once', { timeout: RUN_TIMEOUT }, async () => {
    await killedAt('after-approval-recorded', async (database, order) => {
      const left = await database.open();
      try {
        const [row] = await left.db.select().from(orders).where(eq(orders.id, order._id));
        expect(row!.status).toBe('paid');
        expect(await ledgerSumForOrder(left.db, order._id)).toBe(0);
      } finally {
        await left.close();
      }
    });
  });

  it(
    'after Square approved, before its answer was written (our row a placeholder): reconciliation asks Square and fulfils',
    { timeout: RUN_TIMEOUT },
    async () => {
      await killedAt('after-provider-call', async (database, order) => {
        const left = await database.open();
        try {
          const [row] = await left.db.select().from(payments).where(eq(payments.orderId, order._id));
          expect(row).toMatchObject({ status: 'initiated', transactionId: `local:${row!.id}` });
          const [charge] = await left.db.select().from(squareSandboxObjects).where(eq(squareSandboxObjects.referenceId, row!.id));
          expect((charge!.data as { status: string }).status).toBe('COMPLETED');
          // The restart comes later than any Square call could still be running elsewhere.
          await left.db
            .update(payments)
            .set({ updatedAt: new Date(Date.now() - PLACEHOLDER_STALE_MS - 1000) })
            .where(eq(payments.id, row!.id));
        } finally {
          await left.close();
        }
      });
    },
  );
});
