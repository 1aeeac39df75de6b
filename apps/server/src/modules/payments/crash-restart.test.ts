// Issue 3: "A server killed between the provider's approval and fulfilment finishes the fulfilment
// after restart." The real server runs as a child process and kills itself (SIGKILL) at a crash
// point (crash-points.ts) while a shopper pays over HTTP with the frictionless sandbox card; a second
// process on the same database must finish the purchase: order fulfilled, coins credited once, one
// receipt. PostgreSQL when DATABASE_URL is set, else PGlite on disk.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailbox, orders, payments } from '../../db/schema.ts';
import { sandboxTransactions } from '../../db/sandbox-schema.ts';
import { expectLedgerBalanced, ledgerSumForOrder, STARTER_POUCH } from '../../../test/support/checkout.ts';
import {
  api,
  freshStoreDatabase,
  pollStore,
  signUpShopper,
  startStore,
  tokenizeAt,
  type StoreDatabase,
  type StoreProcess,
} from '../../../test/support/crash-testing.ts';
import { PLACEHOLDER_STALE_MS } from './reconcile.ts';
import { SANDBOX_CARDS } from '../../../test/support/payments.ts';

const RUN_TIMEOUT = 180_000;

type Shopper = { email: string; token: string };
type OrderJson = { _id: string; status: string; total: number; totalCoins: number };

async function buyPouch(store: StoreProcess, shopper: Shopper): Promise<OrderJson> {
  const res = await api(store, 'POST', `v1/checkout/buy/${STARTER_POUCH}`, { type: 'product', quantity: 1 }, shopper.token);
  expect(res.status).toBe(200);
  return res.json.data as OrderJson;
}

/** Pays with the frictionless card; the server dies during the request. */
async function payAndWatchItDie(store: StoreProcess, shopper: Shopper, orderId: string): Promise<void> {
  const cardToken = await tokenizeAt(store, shopper, SANDBOX_CARDS.frictionless);
  const answer = await api(store, 'POST', 'v1/nuvei/init', { orderId, cardToken, billingCountry: 'US' }, shopper.token).then(
    (res) => `answered ${res.status}`,
    () => 'no answer',
  );
  expect(answer).toBe('no answer');
  expect(await store.exited).toEqual({ code: null, signal: 'SIGKILL' });
}

/** What the shopper sees after the restart: the order fulfilled, its coins once, one receipt. */
async function expectPurchaseFinished(store: StoreProcess, shopper: Shopper, order: OrderJson): Promise<void> {
  const seen = await api(store, 'GET', `v1/checkout/getorder?orderId=${order._id}`, undefined, shopper.token);
  expect((seen.json.data as OrderJson).status).toBe('fulfilled');
  const user = await api(store, 'GET', 'v1/getuser', undefined, shopper.token);
  expect((user.json.data as { coins: { purchasedWallet: number } }).coins.purchasedWallet).toBe(order.totalCoins);
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

/** With the server stopped: the ledger balances and exactly one approved payment and one charge stand. */
async function expectBooksBalanced(database: StoreDatabase, order: OrderJson, email: string): Promise<void> {
  const opened = await database.open();
  try {
    const { db } = opened;
    await expectLedgerBalanced(db, order._id);
    expect(await ledgerSumForOrder(db, order._id)).toBe(order.totalCoins);
    const rows = await db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(rows.map((p) => p.status)).toEqual(['approved']);
    const charges = await db
      .select()
      .from(sandboxTransactions)
      .where(and(eq(sandboxTransactions.orderId, order._id), eq(sandboxTransactions.status, 'approved')));
    expect(charges.map((c) => c.id)).toEqual([rows[0]!.transactionId]);
    const [row] = await db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ status: 'fulfilled', paymentId: rows[0]!.id });
    expect((await db.select().from(mailbox).where(eq(mailbox.toAddress, email))).filter((m) => /receipt/i.test(m.subject))).toHaveLength(1);
  } finally {
    await opened.close();
  }
}

/** Runs one store after another on a fresh database, stopping whatever is left running. */
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

describe('a server killed while a card payment is approved', () => {
  it('right after the approval is recorded: the next start fulfils the paid order, once', { timeout: RUN_TIMEOUT }, async () => {
    await withStoreDatabase(async (database, started) => {
      const first = await startStore(database, 'after-approval-recorded');
      started.push(first);
      const shopper = await signUpShopper(first);
      const order = await buyPouch(first, shopper);
      await payAndWatchItDie(first, shopper, order._id);

      // What the crash left: the approval and the paid order, committed together; nothing fulfilled.
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
      await expectPurchaseFinished(second, shopper, order);
      await second.stop();
      await expectBooksBalanced(database, order, shopper.email);
    });
  });

  it(
    'during the provider call (approved there, our row still a placeholder): reconciled with the provider and fulfilled',
    { timeout: RUN_TIMEOUT },
    async () => {
      await withStoreDatabase(async (database, started) => {
        const first = await startStore(database, 'after-provider-call');
        started.push(first);
        const shopper = await signUpShopper(first);
        const order = await buyPouch(first, shopper);
        await payAndWatchItDie(first, shopper, order._id);

        const left = await database.open();
        try {
          const [row] = await left.db.select().from(payments).where(eq(payments.orderId, order._id));
          expect(row).toMatchObject({ status: 'initiated', transactionId: `local:${row!.id}` });
          const [charge] = await left.db.select().from(sandboxTransactions).where(eq(sandboxTransactions.clientUniqueId, row!.id));
          expect(charge!.status).toBe('approved');
          // The restart comes later than any provider call could still be running elsewhere.
          await left.db
            .update(payments)
            .set({ updatedAt: new Date(Date.now() - PLACEHOLDER_STALE_MS - 1000) })
            .where(eq(payments.id, row!.id));
        } finally {
          await left.close();
        }

        const second = await startStore(database);
        started.push(second);
        await expectPurchaseFinished(second, shopper, order);
        await second.stop();
        await expectBooksBalanced(database, order, shopper.email);
      });
    },
  );
});
