// The hosted checkout's own schema and migrations (issue 23, ADR 047): a fresh database gets the host's
// tables in the host's schema only; a store database the store's migrations gave them (through 0045) keeps
// its sessions, payments and outbox, now in the host's schema and read through tables.ts; a host that adopted
// its tables and one that created them have the same tables; two test schemas never share a host schema.
import { describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { databaseBefore } from '../support/migration-test.ts';
import { openTestDatabase } from '../support/test-app.ts';
import { hostSchemaFor, type Database } from '../../src/db/client.ts';
import { migrateAll } from '../../src/migrations.ts';
import { migrateHost } from '../../src/migrations.ts';
import {
  checkoutCardHolds,
  checkoutChainPayments,
  checkoutMerchants,
  checkoutSessions,
  checkoutWebhookOutbox,
} from '@store/checkout-host/testing';

const HOST_TABLES = [
  'checkout_bank_attempts',
  'checkout_card_attempts',
  'checkout_card_holds',
  'checkout_chain_payments',
  'checkout_chain_refunds',
  'checkout_fraud_checks',
  'checkout_merchants',
  'checkout_sessions',
  'checkout_webhook_outbox',
];
const HOST_0001 = 'checkout-host/0001_host_tables.sql';
/** Every host migration, in order: what a fresh database gets. */
const HOST_FILES = ['0001_host_tables.sql', '0002_session_void.sql', '0003_capture_in_doubt.sql'];

const query = <R>(database: Database, sql: string, params: unknown[] = []) => database.rawTransaction((q) => q.query<R>(sql, params));
const workingSchema = async (database: Database) => (await query<{ s: string }>(database, 'SELECT current_schema() AS s'))[0]!.s;
const tablesIn = async (database: Database, schema: string) =>
  (
    await query<{ name: string }>(
      database,
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE' ORDER BY 1`,
      [schema],
    )
  ).map((r) => r.name);
const hostTablesIn = async (database: Database, schema: string) =>
  (await tablesIn(database, schema)).filter((name) => name.startsWith('checkout_'));

/** The host schema's tables as PostgreSQL describes them (columns, constraints, indexes), its name left out. */
async function shapeOf(database: Database) {
  const schema = database.hostSchema;
  const unqualified = (rows: Record<string, unknown>[]) =>
    rows.map((row) => JSON.parse(JSON.stringify(row).replaceAll(`${schema}.`, '')) as Record<string, unknown>);
  const columns = await query<Record<string, unknown>>(
    database,
    `SELECT table_name, column_name, ordinal_position, data_type, is_nullable, column_default, numeric_precision, numeric_scale
     FROM information_schema.columns WHERE table_schema = $1 ORDER BY table_name, ordinal_position`,
    [schema],
  );
  const constraints = await query<Record<string, unknown>>(
    database,
    `SELECT t.relname AS table_name, c.conname, c.contype, pg_get_constraintdef(c.oid) AS definition
     FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE n.nspname = $1 ORDER BY 1, 2`,
    [schema],
  );
  const indexes = await query<Record<string, unknown>>(
    database,
    `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = $1 ORDER BY 1, 2`,
    [schema],
  );
  return { columns: unqualified(columns), constraints: unqualified(constraints), indexes: unqualified(indexes) };
}

// Each test opens and migrates two or three whole databases: on PGlite, under a loaded CI machine, that
// has taken more than the suite's 30 s (a limit for a hang, not a speed check).
describe("the checkout host's schema", { timeout: 120_000 }, () => {
  it('a fresh database: the nine host tables and its book in the host schema, none in the working schema', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      const applied = await migrateAll(database);
      expect(applied.filter((file) => file.startsWith('checkout-host/'))).toEqual(HOST_FILES.map((f) => `checkout-host/${f}`));
      const working = await workingSchema(database);
      expect(database.hostSchema).toBe(hostSchemaFor(working));
      expect(await hostTablesIn(database, working)).toEqual([]);
      expect(await tablesIn(database, database.hostSchema)).toEqual([...HOST_TABLES, 'host_migrations'].sort());
      // The host's code reaches them by their unqualified names (the search_path), through the same connection.
      await database.db.insert(checkoutMerchants).values({ id: 'm_fresh', name: 'Fresh' });
      const [row] = await query<{ n: number }>(database, `SELECT count(*)::int AS n FROM ${database.hostSchema}.checkout_merchants`);
      expect(row!.n).toBe(1);
    } finally {
      await drop();
    }
  });

  it('two test schemas never share a host schema: what one writes, the other does not see', async () => {
    const a = await openTestDatabase();
    const b = await openTestDatabase();
    try {
      await migrateAll(a.database);
      await migrateAll(b.database);
      await a.database.db.insert(checkoutMerchants).values({ id: 'm_a', name: 'Only in A' });
      expect(await b.database.db.select().from(checkoutMerchants)).toEqual([]);
      expect((await a.database.db.select().from(checkoutMerchants)).map((m) => m.id)).toEqual(['m_a']);
      // PostgreSQL: t_<hex>_checkout_host each; PGlite: each test database is its own, 'checkout_host' in each.
      expect(a.database.hostSchema === b.database.hostSchema).toBe(a.database.kind === 'pglite');
      expect(a.database.hostSchema).toBe(hostSchemaFor(await workingSchema(a.database)));
    } finally {
      await a.drop();
      await b.drop();
    }
  });

  it('names: checkout_host beside public, <working>_checkout_host beside any other', () => {
    expect(hostSchemaFor('public')).toBe('checkout_host');
    expect(hostSchemaFor('t_0a1b2c3d4e5f')).toBe('t_0a1b2c3d4e5f_checkout_host');
  });

  it('a host that creates its tables (its store never made them) has the same tables as one that adopted them', async () => {
    const adopted = await openTestDatabase();
    const created = await openTestDatabase();
    try {
      // Adopted: the store's migrations make them in the working schema (0021 … 0045), host 0001 moves them.
      await migrateAll(adopted.database);
      // Created: the host's migrations alone, on a database with no store table at all.
      expect(await migrateHost(created.database)).toEqual(HOST_FILES);
      expect(await tablesIn(created.database, await workingSchema(created.database))).toEqual([]);

      const a = await shapeOf(adopted.database);
      const c = await shapeOf(created.database);
      expect(c.columns.length).toBeGreaterThan(HOST_TABLES.length * 3);
      expect(c.indexes.map((i) => i.indexname)).toContain('checkout_chain_payments_fingerprint');
      expect(c.constraints.filter((k) => k.contype === 'f')).toHaveLength(8);
      expect(c).toEqual(a);
    } finally {
      await adopted.drop();
      await created.drop();
    }
  });
});

describe('a store database whose host tables the store migrations made (through 0045)', { timeout: 120_000 }, () => {
  // Every store migration up to 0045, the last to touch the host's tables; the host's schema not yet made.
  const old = databaseBefore('0046');

  it('keeps its sessions, chain payments and webhook outbox, now in the host schema, read through tables.ts', async () => {
    const q = old.query;
    await q(
      `INSERT INTO checkout_merchants (id, name, allowed_origins, settlement_addresses) VALUES ('m1', 'Shop', '["https://shop.example"]', '{"solana":"So1ana"}')`,
    );
    await q(
      `INSERT INTO checkout_sessions (id, merchant_id, reference, session_key_hash, amount_cents, customer_id, customer_email, allowed_methods, status, method, chain, tx_id, expires_at, auth_only, webhook_info)
       VALUES ('s1', 'm1', 'order-1', 'hash-1', 2599, 'c1', 'c1@example.com', '["usdc"]', 'paid', 'usdc', 'solana', 'tx-1', '2030-01-01T00:00:00Z', false, '{"orderId":"o-1"}')`,
    );
    await q(
      `INSERT INTO checkout_chain_payments (id, session_id, chain, payer, recipient, amount_base_units, tx_id, status)
       VALUES ('cp1', 's1', 'solana', 'PayerWallet', 'So1ana', 115792089237316195423570985008687907853269984665640564039457584007913129639935, 'tx-1', 'confirmed')`,
    );
    await q(
      `INSERT INTO checkout_webhook_outbox (event_id, merchant_id, type, payload, attempts) VALUES ('e1', 'm1', 'Settled', '{"sessionId":"s1"}', 2)`,
    );
    await q(`INSERT INTO checkout_card_holds (merchant_id, customer_id, hold_until) VALUES ('m1', 'c1', '2030-01-01T00:00:00Z')`);
    const database = old.database();
    const working = await workingSchema(database);
    expect(await hostTablesIn(database, working)).toEqual(HOST_TABLES);

    const applied = await migrateAll(database);
    expect(applied).toContain(HOST_0001);
    expect(await hostTablesIn(database, working)).toEqual([]);
    expect(await hostTablesIn(database, database.hostSchema)).toEqual(HOST_TABLES);

    const { db } = database;
    expect(await db.select().from(checkoutSessions)).toEqual([
      expect.objectContaining({
        id: 's1',
        merchantId: 'm1',
        amountCents: 2599,
        status: 'paid',
        txId: 'tx-1',
        authOnly: false,
        webhookInfo: { orderId: 'o-1' },
        expiresAt: new Date('2030-01-01T00:00:00Z'),
      }),
    ]);
    expect(await db.select().from(checkoutChainPayments)).toEqual([
      expect.objectContaining({
        id: 'cp1',
        sessionId: 's1',
        amountBaseUnits: '115792089237316195423570985008687907853269984665640564039457584007913129639935',
        status: 'confirmed',
      }),
    ]);
    expect(await db.select().from(checkoutWebhookOutbox).orderBy(asc(checkoutWebhookOutbox.eventId))).toEqual([
      expect.objectContaining({
        eventId: 'e1',
        merchantId: 'm1',
        type: 'Settled',
        payload: { sessionId: 's1' },
        attempts: 2,
        deliveredAt: null,
      }),
    ]);
    expect(await db.select().from(checkoutMerchants)).toEqual([
      expect.objectContaining({ id: 'm1', allowedOrigins: ['https://shop.example'], settlementAddresses: { solana: 'So1ana' } }),
    ]);
    expect(await db.select().from(checkoutCardHolds)).toEqual([expect.objectContaining({ merchantId: 'm1', customerId: 'c1' })]);

    // Their keys, checks, unique constraints and foreign keys came along, now between host tables.
    const refusal = (sql: string) =>
      q(sql).then(
        () => 'accepted',
        (err: { code?: string }) => err.code,
      );
    expect(
      await refusal(
        `INSERT INTO checkout_chain_payments (id, session_id, chain, payer, recipient, amount_base_units) VALUES ('cp2', 'no-such-session', 'solana', 'P', 'R', 1)`,
      ),
    ).toBe('23503');
    expect(
      await refusal(
        `INSERT INTO checkout_chain_payments (id, session_id, chain, payer, recipient, amount_base_units, tx_id) VALUES ('cp3', 's1', 'solana', 'P', 'R', 1, 'tx-1')`,
      ),
    ).toBe('23505');
    expect(await refusal(`UPDATE checkout_sessions SET status = 'lost' WHERE id = 's1'`)).toBe('23514');
    const foreignKeys = await q<{ referrer: string; referred: string }>(
      `SELECT tn.nspname || '.' || t.relname AS referrer, rn.nspname || '.' || r.relname AS referred
       FROM pg_constraint c JOIN pg_class r ON r.oid = c.confrelid JOIN pg_namespace rn ON rn.oid = r.relnamespace
       JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace tn ON tn.oid = t.relnamespace
       WHERE c.contype = 'f' AND (tn.nspname = $1 OR rn.nspname = $1)`,
      [database.hostSchema],
    );
    expect(foreignKeys).toHaveLength(8);
    for (const fk of foreignKeys) {
      expect(fk.referrer.startsWith(`${database.hostSchema}.`), fk.referrer).toBe(true);
      expect(fk.referred.startsWith(`${database.hostSchema}.`), fk.referred).toBe(true);
    }
    const indexes = await q<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE schemaname = $1 ORDER BY 1`, [
      database.hostSchema,
    ]);
    expect(indexes.map((i) => i.indexname)).toEqual(
      expect.arrayContaining(['checkout_sessions_status', 'checkout_chain_payments_fingerprint', 'checkout_webhook_outbox_due']),
    );
    // Once only: a second start finds the host's book.
    expect(await migrateAll(database)).toEqual([]);
  });
});
