// 0054 (issue 25, ADR 057): whether an approved payment paid its order becomes the payment's own fact, so
// payments' reconciliation lists the approvals no order took without reading orders. Existing payments
// take it from their orders: the one an order names paid it, every other did not.
import { describe, expect, it } from 'vitest';
import { databaseBefore } from '../../test/support/migration-test.ts';
import { migrateAll } from '../migrations.ts';

const THIS_MIGRATION = '0054_payment_paid_its_order.sql';
const oldSchema = databaseBefore(THIS_MIGRATION);
const query = oldSchema.query;

async function order(id: string, status: string, paymentId: string | null): Promise<void> {
  await query(
    `INSERT INTO orders (id, user_id, source, idempotency_key, subtotal_cents, total_cents, coins, status, payment_id)
     VALUES ($1, 'u1', 'buy-now', $1, 499, 499, 500, $2, $3)`,
    [id, status, paymentId],
  );
}

async function payment(id: string, orderId: string, status: string): Promise<void> {
  await query(
    `INSERT INTO payments (id, order_id, user_id, provider, method, transaction_id, status, amount_cents)
     VALUES ($1, $2, 'u1', 'nuvei-sandbox', 'card', $3, $4, 499)`,
    [id, orderId, `t-${id}`, status],
  );
}

describe(`migration ${THIS_MIGRATION}`, () => {
  it('marks the payment each order names as the one that paid it, and no other', async () => {
    await query(`INSERT INTO users (id, email, password_hash, firstname, lastname) VALUES ('u1', 'u1@example.com', 'x', 'A', 'B')`);
    // Fulfilled, paid by its second attempt; the first was declined.
    await order('o-paid', 'fulfilled', 'p-paid');
    await payment('p-declined', 'o-paid', 'declined');
    await payment('p-paid', 'o-paid', 'approved');
    // Refunded since: its payment still paid it.
    await order('o-refunded', 'refunded', 'p-refunded');
    await payment('p-refunded', 'o-refunded', 'refunded');
    // Failed while the shopper was at the bank, then approved: an orphan, to be refunded.
    await order('o-failed', 'failed', null);
    await payment('p-orphan', 'o-failed', 'approved');
    // Paid, with a second approval of another attempt: that one did not pay it.
    await order('o-twice', 'paid', 'p-first');
    await payment('p-first', 'o-twice', 'approved');
    await payment('p-second', 'o-twice', 'approved');

    expect(await migrateAll(oldSchema.database())).toContain(THIS_MIGRATION);

    const rows = await query<{ id: string; paid_order: boolean }>('SELECT id, paid_order FROM payments ORDER BY id');
    expect(Object.fromEntries(rows.map((r) => [r.id, r.paid_order]))).toEqual({
      'p-declined': false,
      'p-first': true,
      'p-orphan': false,
      'p-paid': true,
      'p-refunded': true,
      'p-second': false,
    });
  });
});
