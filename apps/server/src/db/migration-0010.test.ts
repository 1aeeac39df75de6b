// 0010 makes every payment attempt name its method kind (ADR 009). Rows written before it were all card
// payments: a saved card when the row names one, else a fresh card. It also lets an attempt wait for
// its money to settle ('pending'), in flight like initiated and challenge: one per order.
import { describe, expect, it } from 'vitest';
import { databaseBefore } from '../../test/support/migration-test.ts';
import { migrateAll } from '../migrations.ts';

const THIS_MIGRATION = '0010_provider_neutral_payments.sql';
const oldSchema = databaseBefore(THIS_MIGRATION);
const query = oldSchema.query;

describe(`migration ${THIS_MIGRATION}`, () => {
  it('gives each existing payment its method kind: saved_card when it names a saved card, else card', async () => {
    await query(`INSERT INTO users (id, email, password_hash, firstname, lastname) VALUES ('u1', 'u1@example.com', 'x', 'A', 'B')`);
    for (const order of ['o-1', 'o-2', 'o-3', 'o-4']) {
      await query(
        `INSERT INTO orders (id, user_id, source, idempotency_key, subtotal_cents, total_cents, coins) VALUES ($1, 'u1', 'buy-now', $1, 499, 499, 500)`,
        [order],
      );
    }
    const before = (id: string, order: string, status: string, savedCard: string | null) =>
      query(
        `INSERT INTO payments (id, order_id, user_id, provider, transaction_id, status, amount_cents, card_token, user_payment_option_id)
         VALUES ($1, $2, 'u1', 'nuvei-sandbox', $3, $4, 499, 'tok', $5)`,
        [id, order, `t-${id}`, status, savedCard],
      );
    await before('p-fresh-approved', 'o-1', 'approved', null);
    await before('p-saved-approved', 'o-2', 'approved', 'upo_1');
    await before('p-saved-challenge', 'o-3', 'challenge', 'upo_2');
    await before('p-fresh-declined', 'o-3', 'declined', null);
    await before('p-fresh-initiated', 'o-4', 'initiated', null);

    expect(await migrateAll(oldSchema.database())).toContain(THIS_MIGRATION);

    const rows = await query<{ id: string; method: string; status: string }>('SELECT id, method, status FROM payments ORDER BY id');
    expect(rows.map((r) => [r.id, r.method, r.status])).toEqual([
      ['p-fresh-approved', 'card', 'approved'],
      ['p-fresh-declined', 'card', 'declined'],
      ['p-fresh-initiated', 'card', 'initiated'],
      ['p-saved-approved', 'saved_card', 'approved'],
      ['p-saved-challenge', 'saved_card', 'challenge'],
    ]);
  });

  it('requires a known method kind from now on, and holds one attempt in flight per order, pending included', async () => {
    const insert = (id: string, order: string, method: string | null, status: string) =>
      query(
        `INSERT INTO payments (id, order_id, user_id, provider, method, transaction_id, status, amount_cents)
         VALUES ($1, $2, 'u1', 'test-provider', $3, $4, $5, 499)`,
        [id, order, method, `t-${id}`, status],
      );
    await expect(insert('p-no-method', 'o-1', null, 'declined')).rejects.toThrow(/"method"/);
    await expect(insert('p-unknown-method', 'o-1', 'paypal', 'declined')).rejects.toThrow(/payments_method_check/);
    await expect(insert('p-unknown-status', 'o-1', 'card', 'settling')).rejects.toThrow(/payments_status_check/);

    // A bank payment waiting to settle holds its order: no second attempt while it does.
    await query(
      `INSERT INTO orders (id, user_id, source, idempotency_key, subtotal_cents, total_cents, coins) VALUES ('o-bank', 'u1', 'buy-now', 'o-bank', 499, 499, 500)`,
    );
    await insert('p-bank', 'o-bank', 'bank_account', 'pending');
    await expect(insert('p-card-meanwhile', 'o-bank', 'card', 'initiated')).rejects.toThrow(/payments_one_attempt_in_flight_idx/);
    await query(`UPDATE payments SET status = 'approved' WHERE id = 'p-bank'`);
    await insert('p-after-settled', 'o-bank', 'card', 'initiated');
  });
});
