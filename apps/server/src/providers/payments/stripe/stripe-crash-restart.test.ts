// Issue 9: "The server killed after a provider approved and before fulfilment, for each provider: after
// restart the order is fulfilled once (reconciliation asks each provider)". Stripe's turn: the real
// server as a child process (test/support/crash-testing.ts) kills itself while a shopper pays an order
// with a Stripe card over HTTP; a second start on the same database asks Stripe (the sandbox, whose
// book is in that database) and finishes the purchase once.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, payments } from '../../../db/schema.ts';
import { stripeSandboxObjects } from '../../../db/sandbox-schema.ts';
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
import { STRIPE_TEST_CARDS } from '../../../../test/support/stripe.ts';
import { PLACEHOLDER_STALE_MS } from '../../../modules/payments/index.ts';
import type { CrashPoint } from '../../../modules/payments/index.ts';

const RUN_TIMEOUT = 180_000;
type OrderJson = { _id: string; status: string; totalCoins: number };

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

/** A shopper with a Stripe card and a pending order, paying it; the server dies during the request. */
async function payAndWatchItDie(store: StoreProcess) {
  const shopper = await signUpShopper(store);
  const saved = await api(
    store,
    'POST',
    'v1/payment/stripe/payment-methods',
    { vaultToken: await tokenizeAt(store, shopper, STRIPE_TEST_CARDS.succeeds) },
    shopper.token,
  );
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  const pm = (saved.json.data as { paymentMethod: { userPaymentOptionId: string } }).paymentMethod.userPaymentOptionId;
  const bought = await api(store, 'POST', `v1/checkout/buy/${STARTER_POUCH}`, { type: 'product', quantity: 1 }, shopper.token);
  const order = bought.json.data as OrderJson;
  const answer = await api(store, 'POST', `v1/payment/stripe/payment-intent/${pm}?orderId=${order._id}`, undefined, shopper.token).then(
    (res) => `answered ${res.status}`,
    () => 'no answer',
  );
  expect(answer).toBe('no answer');
  expect(await store.exited).toEqual({ code: null, signal: 'SIGKILL' });
  return { shopper, order };
}

async function expectBooks(database: StoreDatabase, order: OrderJson) {
  const opened = await database.open();
  try {
    const { db } = opened;
    await expectLedgerBalanced(db, order._id);
    expect(await ledgerSumForOrder(db, order._id)).toBe(order.totalCoins);
    const rows = await db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(rows.map((p) => [p.provider, p.status])).toEqual([['stripe-sandbox', 'approved']]);
    const charges = (await db.select().from(stripeSandboxObjects).where(eq(stripeSandboxObjects.object, 'charge')))
      .map((r) => r.data)
      .filter((c) => (c.metadata as Record<string, string>).orderId === order._id);
    expect(charges.map((c) => c.payment_intent)).toEqual([rows[0]!.transactionId]);
    const [row] = await db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ status: 'fulfilled', paymentId: rows[0]!.id });
  } finally {
    await opened.close();
  }
}

describe('a server killed while Stripe approves a payment', () => {
  const crashes: [CrashPoint, string][] = [
    ['after-provider-call', 'during the call (Stripe charged, our row still a placeholder): found by its metadata and fulfilled'],
    ['after-approval-recorded', 'right after the approval is recorded: the next start fulfils the paid order'],
  ];
  for (const [crashAt, title] of crashes) {
    it(title, { timeout: RUN_TIMEOUT }, async () => {
      await withStoreDatabase(async (database, started) => {
        const first = await startStore(database, crashAt);
        started.push(first);
        const { shopper, order } = await payAndWatchItDie(first);
        if (crashAt === 'after-provider-call') {
          const left = await database.open();
          try {
            const [row] = await left.db.select().from(payments).where(eq(payments.orderId, order._id));
            expect(row).toMatchObject({ status: 'initiated', transactionId: `local:${row!.id}` });
            // The restart comes later than any Stripe call could still be running elsewhere.
            await left.db
              .update(payments)
              .set({ updatedAt: new Date(Date.now() - PLACEHOLDER_STALE_MS - 1000) })
              .where(eq(payments.id, row!.id));
          } finally {
            await left.close();
          }
        }
        const second = await startStore(database);
        started.push(second);
        await expectFulfilledOnce(second, shopper.token, order);
        await second.stop();
        await expectBooks(database, order);
      });
    });
  }
});
