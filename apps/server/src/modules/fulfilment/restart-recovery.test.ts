// A server that dies right after recording a payment approval (order 'paid', nothing fulfilled)
// finishes the fulfilment when it, or another instance, starts on the same database. Here the state
// a crash leaves is written directly, in-process; payments/crash-restart.test.ts kills a real server
// process mid-payment and restarts it.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../../../test/support/test-app.ts';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { migrateAll } from '../../migrations.ts';
import { seed } from '../../db/seed.ts';
import { mailbox, orders, outbox } from '../../db/schema.ts';
import { buyNow } from '../checkout/index.ts';
import { createShopper, expectLedgerBalanced, holdForPayment, ledgerSumForOrder, STARTER_POUCH } from '../../../test/support/checkout.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await migrateAll(database);
  await seed(database.db, { demo: false });
});
afterAll(() => drop());

async function startInstance(): Promise<FastifyInstance> {
  const config = testConfig();
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return app;
}

describe('restart recovery', () => {
  it('fulfils an order left paid once a new instance is ready, crediting its coins once', async () => {
    const first = await startInstance();
    const db = database.db;
    const s = await createShopper(db);
    const order = await buyNow(db, s.id, { kind: 'product', itemId: STARTER_POUCH, quantity: 3 });
    await holdForPayment(first, s.id, order._id);
    // What the pay-an-order workflow commits (with the payment's approval) before it fulfils; then the process "dies".
    await db.update(orders).set({ status: 'paid', paidAt: new Date(), paymentId: 'pay-crash' }).where(eq(orders.id, order._id));
    await first.close();
    expect(await ledgerSumForOrder(db, order._id)).toBe(0);

    const second = await startInstance();
    try {
      const [row] = await db.select().from(orders).where(eq(orders.id, order._id));
      expect(row!.status).toBe('fulfilled');
      await second.outbox.drain();
      await second.outbox.drain();
      await expectLedgerBalanced(db, order._id);
      expect(await ledgerSumForOrder(db, order._id)).toBe(order.totalCoins);
      expect(order.totalCoins).toBeGreaterThanOrEqual(1500);
      const mails = await db.select().from(mailbox).where(eq(mailbox.toAddress, s.email));
      expect(mails).toHaveLength(1);
    } finally {
      await second.close();
    }

    // A third start finds nothing left to do and credits nothing more.
    const third = await startInstance();
    await third.outbox.drain();
    await third.close();
    expect(await ledgerSumForOrder(db, order._id)).toBe(order.totalCoins);
  });

  it('keeps a row that keeps failing, with its error and attempts, without blocking the others', async () => {
    const app = await startInstance();
    try {
      const db = database.db;
      const s = await createShopper(db);
      const [broken] = await db
        .insert(outbox)
        .values({ topic: 'mail.receipt', payload: { orderId: 'no-such-order' } })
        .returning();
      await db.insert(outbox).values({ topic: 'live.wallet', payload: { userId: s.id } });
      await app.outbox.drain();
      const rows = await db.select().from(outbox);
      const failed = rows.find((r) => r.id === broken!.id)!;
      expect(failed.processedAt).toBeNull();
      expect(failed.attempts).toBe(1);
      expect(failed.lastError).toBe('receipt for a missing order');
      const wallet = rows.find((r) => r.topic === 'live.wallet' && JSON.stringify(r.payload).includes(s.id))!;
      expect(wallet.processedAt).not.toBeNull();
    } finally {
      await app.close();
    }
  });
});
