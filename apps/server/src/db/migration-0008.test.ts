// 0008 makes one payment attempt in flight per order a rule of the database. Rows written before it
// may hold several for one order: the newest stays in flight, the older ones fail, and the rule holds.
import { describe, expect, it } from 'vitest';
import { databaseBefore } from '../../test/support/migration-test.ts';
import { migrateAll } from '../migrations.ts';

const THIS_MIGRATION = '0008_one_payment_attempt_in_flight.sql';
const oldSchema = databaseBefore(THIS_MIGRATION);
const query = oldSchema.query;

describe(`migration ${THIS_MIGRATION}`, () => {
  it('keeps the newest in-flight attempt of an order, fails the older ones, then refuses a second', async () => {
    await query(`INSERT INTO users (id, email, password_hash, firstname, lastname) VALUES ('u1', 'u1@example.com', 'x', 'A', 'B')`);
    for (const order of ['o-many', 'o-one']) {
      await query(
        `INSERT INTO orders (id, user_id, source, idempotency_key, subtotal_cents, total_cents, coins) VALUES ($1, 'u1', 'buy-now', $1, 499, 499, 500)`,
        [order],
      );
    }
    const payment = (id: string, order: string, status: string, minutesAgo: number, transactionId = `t-${id}`) =>
      query(
        `INSERT INTO payments (id, order_id, user_id, provider, transaction_id, status, amount_cents, created_at, updated_at)
         VALUES ($1, $2, 'u1', 'nuvei-sandbox', $3, $4, 499, now() - make_interval(mins => $5), now() - make_interval(mins => $5))`,
        [id, order, transactionId, status, minutesAgo],
      );
    // Before 0008 only a placeholder was unique per order, so these could all be written.
    await payment('p-oldest', 'o-many', 'challenge', 30);
    await payment('p-older', 'o-many', 'initiated', 20);
    await payment('p-declined', 'o-many', 'declined', 15);
    await payment('p-newest', 'o-many', 'initiated', 10, 'local:p-newest');
    await payment('p-alone', 'o-one', 'challenge', 5);

    expect(await migrateAll(oldSchema.database())).toContain(THIS_MIGRATION);

    const rows = await query<{ id: string; status: string; decline_reason: string | null }>(
      'SELECT id, status, decline_reason FROM payments ORDER BY id',
    );
    expect(rows.map((r) => [r.id, r.status, r.decline_reason])).toEqual([
      ['p-alone', 'challenge', null],
      ['p-declined', 'declined', null],
      ['p-newest', 'initiated', null],
      ['p-older', 'failed', 'superseded by a newer payment attempt'],
      ['p-oldest', 'failed', 'superseded by a newer payment attempt'],
    ]);
    // Written now, a row names its method kind too (migration 0010 came after).
    const paymentNow = (id: string, order: string, status: string) =>
      query(
        `INSERT INTO payments (id, order_id, user_id, provider, method, transaction_id, status, amount_cents)
         VALUES ($1, $2, 'u1', 'nuvei-sandbox', 'card', $3, $4, 499)`,
        [id, order, `t-${id}`, status],
      );
    await expect(paymentNow('p-second', 'o-one', 'initiated')).rejects.toThrow(/payments_one_attempt_in_flight_idx/);
    // Attempts that ended do not count: a new one may start once the one in flight ends.
    await query(`UPDATE payments SET status = 'declined' WHERE id = 'p-alone'`);
    await paymentNow('p-retry', 'o-one', 'initiated');
  });
});
