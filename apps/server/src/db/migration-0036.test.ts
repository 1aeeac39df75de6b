// 0036 (issue 22, ADR 036): the per-provider webhook-event tables (stripe, square, coinflow) become one
// payment_webhook_events keyed by (provider, event_id), and the per-provider customer tables (stripe, square)
// one provider_customers keyed by (provider, user_id). Every old row is carried over under its provider's
// name, and the old tables are gone.
import { describe, expect, it } from 'vitest';
import { databaseBefore } from '../../test/support/migration-test.ts';
import { migrateAll } from '../migrations.ts';

const THIS_MIGRATION = '0036_payment_webhook_events_and_provider_customers.sql';

describe(`migration ${THIS_MIGRATION}`, () => {
  const oldSchema = databaseBefore(THIS_MIGRATION);
  it('carries every old webhook event and customer into the new tables under its provider, and drops the old tables', async () => {
    const q = oldSchema.query;
    for (const id of ['u1', 'u2'])
      await q(`INSERT INTO users (id, email, password_hash, firstname, lastname) VALUES ($1, $2, 'x', 'A', 'B')`, [
        id,
        `${id}@example.com`,
      ]);
    // The same event id at two providers (each was its own table): both are kept, as two events.
    await q(
      `INSERT INTO stripe_webhook_events (event_id, type, status, claimed_at, handled_at)
       VALUES ('evt_1', 'payment_intent.succeeded', 'done', '2026-01-01T00:00:00Z', '2026-01-01T00:00:01Z'),
              ('evt_2', 'charge.refunded', 'processing', '2026-01-02T00:00:00Z', NULL)`,
    );
    await q(
      `INSERT INTO square_webhook_events (event_id, type, status, claimed_at, handled_at)
       VALUES ('evt_1', 'payment.updated', 'done', '2026-01-03T00:00:00Z', '2026-01-03T00:00:02Z')`,
    );
    await q(
      `INSERT INTO coinflow_webhook_events (event_id, type, status, claimed_at, handled_at)
       VALUES ('ev_host_1', 'payment.approved', 'done', '2026-01-04T00:00:00Z', '2026-01-04T00:00:03Z')`,
    );
    await q(
      `INSERT INTO stripe_customers (user_id, customer_id, created_at) VALUES ('u1', 'cus_A', '2026-02-01T00:00:00Z'), ('u2', 'cus_B', '2026-02-02T00:00:00Z')`,
    );
    // The same shopper at two providers.
    await q(`INSERT INTO square_customers (user_id, customer_id, created_at) VALUES ('u1', 'SQ_CUST_1', '2026-02-03T00:00:00Z')`);

    expect(await migrateAll(oldSchema.database())).toContain(THIS_MIGRATION);

    // Times compared as UTC instants (their text form depends on the session's time zone).
    const events = await q(
      `SELECT provider, event_id, type, status, to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') AS received,
              to_char(claimed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') AS claimed,
              to_char(handled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') AS handled
       FROM payment_webhook_events ORDER BY provider, event_id`,
    );
    expect(events).toEqual([
      {
        provider: 'coinflow',
        event_id: 'ev_host_1',
        type: 'payment.approved',
        status: 'done',
        received: '2026-01-04T00:00:00',
        claimed: '2026-01-04T00:00:00',
        handled: '2026-01-04T00:00:03',
      },
      {
        provider: 'square',
        event_id: 'evt_1',
        type: 'payment.updated',
        status: 'done',
        received: '2026-01-03T00:00:00',
        claimed: '2026-01-03T00:00:00',
        handled: '2026-01-03T00:00:02',
      },
      {
        provider: 'stripe',
        event_id: 'evt_1',
        type: 'payment_intent.succeeded',
        status: 'done',
        received: '2026-01-01T00:00:00',
        claimed: '2026-01-01T00:00:00',
        handled: '2026-01-01T00:00:01',
      },
      {
        provider: 'stripe',
        event_id: 'evt_2',
        type: 'charge.refunded',
        status: 'processing',
        received: '2026-01-02T00:00:00',
        claimed: '2026-01-02T00:00:00',
        handled: null,
      },
    ]);

    const customers = await q(
      `SELECT provider, user_id, customer_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS created
       FROM provider_customers ORDER BY provider, user_id`,
    );
    expect(customers).toEqual([
      { provider: 'square', user_id: 'u1', customer_id: 'SQ_CUST_1', created: '2026-02-03' },
      { provider: 'stripe', user_id: 'u1', customer_id: 'cus_A', created: '2026-02-01' },
      { provider: 'stripe', user_id: 'u2', customer_id: 'cus_B', created: '2026-02-02' },
    ]);

    const left = await q<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
       WHERE table_schema = current_schema() AND table_name IN
         ('stripe_webhook_events', 'square_webhook_events', 'coinflow_webhook_events', 'stripe_customers', 'square_customers')`,
    );
    expect(left).toEqual([]);

    // The new keys hold: one claim of an event a provider, one customer a shopper and provider, a customer one shopper's.
    await expect(
      q(`INSERT INTO payment_webhook_events (provider, event_id, type, status) VALUES ('stripe', 'evt_1', 'x', 'processing')`),
    ).rejects.toThrow();
    await expect(
      q(`INSERT INTO provider_customers (provider, user_id, customer_id) VALUES ('stripe', 'u1', 'cus_other')`),
    ).rejects.toThrow();
    await expect(q(`INSERT INTO provider_customers (provider, user_id, customer_id) VALUES ('stripe', 'u2', 'cus_A')`)).rejects.toThrow();
    await q(`INSERT INTO provider_customers (provider, user_id, customer_id) VALUES ('square', 'u2', 'cus_A')`);
    await expect(
      q(`INSERT INTO provider_customers (provider, user_id, customer_id) VALUES ('square', 'nobody', 'SQ_X')`),
    ).rejects.toThrow();
  });
});
