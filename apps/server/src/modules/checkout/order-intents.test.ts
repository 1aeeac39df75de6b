// Orders change only by intent (issue 25): each intent checks its transition on the row the caller locked,
// and a state change writes the shopper's live row in the same transaction.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { insertOrder } from '../../../test/support/admin.ts';
import { createShopper } from '../../../test/support/checkout.ts';
import { openTestDatabase, type TestDatabase } from '../../../test/support/test-app.ts';
import { orders, outbox } from '../../db/schema.ts';
import { migrateAll } from '../../migrations.ts';
import { completeOrder, lockOrderForChange, markPaid, refundOrder } from './order-intents.ts';

let test: TestDatabase;
beforeAll(async () => {
  test = await openTestDatabase();
  await migrateAll(test.database);
});
afterAll(() => test.drop());

const db = () => test.database.db;
const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const liveRows = (orderId: string) =>
  db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.topic, 'live.order'), eq(outbox.payload, { orderId })));

describe('order intents', () => {
  it('move a pending order to paid and then fulfilled, each with its live row', async () => {
    const shopper = await createShopper(db());
    const orderId = await insertOrder(db(), shopper.id, { status: 'pending', paidAt: null });
    await db().transaction(async (tx) => {
      const order = (await lockOrderForChange(tx, orderId))!;
      const paid = await markPaid(tx, order, 'payment-1');
      expect(paid).toMatchObject({ status: 'paid', paymentId: 'payment-1' });
      await completeOrder(tx, paid);
    });
    expect(await orderRow(orderId)).toMatchObject({ status: 'fulfilled', paymentId: 'payment-1', reservationsHeld: false });
    expect((await orderRow(orderId)).fulfilledAt).toBeInstanceOf(Date);
    expect(await liveRows(orderId)).toHaveLength(2);
  });

  it('refuse a move the state machine does not list with 409 ORDER_STATE, changing nothing', async () => {
    const shopper = await createShopper(db());
    const orderId = await insertOrder(db(), shopper.id, { status: 'pending', paidAt: null });
    const attempt = db().transaction(async (tx) => {
      const order = (await lockOrderForChange(tx, orderId))!;
      await completeOrder(tx, order);
    });
    await expect(attempt).rejects.toSatisfy((err) => err instanceof AppError && err.statusCode === 409 && err.code === 'ORDER_STATE');
    await expect(db().transaction(async (tx) => refundOrder(tx, (await lockOrderForChange(tx, orderId))!, 'asked'))).rejects.toThrow(
      'This order is pending and cannot become refunded.',
    );
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', fulfilledAt: null, failureReason: null });
    expect(await liveRows(orderId)).toEqual([]);
  });
});
