// 0042 (issue 22, ADR 042): the sandboxes' tables leave the production schema of a database an older
// release made (which created them there, test/support/fixtures/pre-0042-sandbox-tables.sql). Where the
// sandboxes serve, they move with their rows into the sandbox schema, and the sandboxes read them there;
// in production they are dropped. Either way no row of the store's own tables changes.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseBefore, type DatabaseBeforeMigration } from '../../test/support/migration-test.ts';
import { migrateAll } from '../migrations.ts';
import { sandboxAchAccounts, sandboxAchDebits, sandboxTransactions, stripeSandboxObjects } from './sandbox-schema.ts';

const THIS_MIGRATION = '0042_sandbox_tables_leave_the_production_schema.sql';
const OLD_SANDBOX_TABLES = fs.readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/support/fixtures/pre-0042-sandbox-tables.sql'),
  'utf8',
);
const SANDBOX_TABLE_NAMES = [
  'sandbox_transactions',
  'sandbox_ach_accounts',
  'sandbox_ach_debits',
  'sandbox_ach_payouts',
  'cashier_sandbox_sessions',
  'cashier_sandbox_cards',
  'stripe_sandbox_objects',
  'stripe_sandbox_idempotency',
  'square_sandbox_objects',
  'square_sandbox_idempotency',
];

/** An older release's database: its sandbox tables in the production schema, with rows, beside the store's own rows. */
async function olderReleaseDatabase(old: DatabaseBeforeMigration): Promise<void> {
  await old.database().exec(OLD_SANDBOX_TABLES);
  const q = old.query;
  await q(`INSERT INTO users (id, email, password_hash, firstname, lastname) VALUES ('u1', 'u1@example.com', 'x', 'A', 'B')`);
  await q(
    `INSERT INTO bank_accounts (id, user_id, provider, bank_name, last4, account_type) VALUES ('upo_1', 'u1', 'nuvei-ach-sandbox', 'Sandbox Bank', '6789', 'checking')`,
  );
  await q(
    `INSERT INTO cashier_saved_cards (id, user_id, provider, brand, last4, exp_month, exp_year) VALUES ('cc_1', 'u1', 'nuvei-cashier-sandbox', 'visa', '4242', 12, 2030)`,
  );
  // The sandboxes' books: the linked test account behind bank_accounts.upo_1, a debit on it, a card payment, a Stripe customer.
  await q(
    `INSERT INTO sandbox_ach_accounts (id, user_token_id, bank_name, last4, account_type, outcome) VALUES ('upo_1', 'u1', 'Sandbox Bank', '6789', 'checking', 'settle')`,
  );
  await q(
    `INSERT INTO sandbox_ach_debits (id, client_unique_id, order_id, user_token_id, account_id, amount_cents, status, settle_at)
     VALUES ('d1', 'p1', 'o1', 'u1', 'upo_1', 1500, 'pending', now())`,
  );
  await q(
    `INSERT INTO sandbox_transactions (id, kind, client_unique_id, order_id, user_token_id, card_token, amount_cents, status)
     VALUES ('t1', 'payment', 'p2', 'o2', 'u1', 'tok_1', 499, 'approved')`,
  );
  await q(`INSERT INTO stripe_sandbox_objects (id, object, customer, data) VALUES ('cus_1', 'customer', NULL, '{"id":"cus_1"}')`);
}

/**
 * Every row of every production table but the migrations' books, as JSON text, by table: the working schema's and
 * the checkout host's (whose tables a later migration, host 0001, moves there: ADR 047).
 */
async function productionRows(old: DatabaseBeforeMigration): Promise<Record<string, string[]>> {
  const tables = await old.query<{ schema: string; name: string }>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
     WHERE table_schema IN (current_schema(), $1) AND table_type = 'BASE TABLE' AND table_name NOT IN ('schema_migrations', 'host_migrations')
     ORDER BY 2`,
    [old.database().hostSchema],
  );
  const rows: Record<string, string[]> = {};
  for (const { schema, name } of tables) {
    if (SANDBOX_TABLE_NAMES.includes(name)) continue;
    rows[name] = (await old.query<{ j: string }>(`SELECT row_to_json(t)::text AS j FROM "${schema}"."${name}" t ORDER BY 1`)).map(
      (r) => r.j,
    );
  }
  return rows;
}

const sandboxTablesIn = (old: DatabaseBeforeMigration, schema: string) =>
  old
    .query<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1 ORDER BY 1`, [schema])
    .then((rows) => rows.map((r) => r.name).filter((name) => SANDBOX_TABLE_NAMES.includes(name)));
const workingSchema = async (old: DatabaseBeforeMigration) => (await old.query<{ s: string }>('SELECT current_schema() AS s'))[0]!.s;

/**
 * The tables of `before`, with only the columns each had before: a later migration's new column (a null in
 * every old row, as users.adult_confirmed_at of 0049) is not a change this one made.
 */
function asBefore(after: Record<string, string[]>, before: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(before).map(([name, rows]) => {
      const columns = rows[0] ? Object.keys(JSON.parse(rows[0]) as object) : [];
      const trimmed = (after[name] ?? []).map((row) => {
        const all = JSON.parse(row) as Record<string, unknown>;
        return rows[0] ? JSON.stringify(Object.fromEntries(columns.map((c) => [c, all[c]]))) : row;
      });
      return [name, trimmed];
    }),
  );
}

describe(`migration ${THIS_MIGRATION} where the sandboxes serve`, () => {
  const old = databaseBefore(THIS_MIGRATION, { sandbox: true });
  it('moves the sandbox tables with their rows into the sandbox schema, where the sandboxes read them, and changes no store row', async () => {
    await olderReleaseDatabase(old);
    const before = await productionRows(old);
    expect(before.users).toHaveLength(1);
    expect(before.bank_accounts).toHaveLength(1);

    const applied = await migrateAll(old.database());
    // This migration first (later ones follow it), and the sandbox's own after the production ones.
    expect(applied[0]).toBe(THIS_MIGRATION);
    expect(applied).toContain('sandbox/0001_sandbox_tables.sql');

    const sandboxSchema = old.database().sandboxSchema!;
    expect(await sandboxTablesIn(old, await workingSchema(old))).toEqual([]);
    expect(await sandboxTablesIn(old, sandboxSchema)).toEqual([...SANDBOX_TABLE_NAMES].sort());
    // Later migrations may add tables of their own: the rows of the tables there before are unchanged.
    expect(asBefore(await productionRows(old), before)).toEqual(before);

    // The sandboxes' own queries (unqualified names) find the rows they kept: the linked account, its debit, the payment.
    const { db } = old.database();
    expect(await db.select({ id: sandboxAchAccounts.id, outcome: sandboxAchAccounts.outcome }).from(sandboxAchAccounts)).toEqual([
      { id: 'upo_1', outcome: 'settle' },
    ]);
    expect(
      await db.select({ amount: sandboxAchDebits.amountCents }).from(sandboxAchDebits).where(eq(sandboxAchDebits.accountId, 'upo_1')),
    ).toEqual([{ amount: 1500 }]);
    expect(
      await db.select({ status: sandboxTransactions.status }).from(sandboxTransactions).where(eq(sandboxTransactions.clientUniqueId, 'p2')),
    ).toEqual([{ status: 'approved' }]);
    expect(await db.select({ id: stripeSandboxObjects.id }).from(stripeSandboxObjects)).toEqual([{ id: 'cus_1' }]);
    // Their keys and indexes came along: a debit on an account the sandbox never linked is refused.
    await expect(
      old.query(
        `INSERT INTO sandbox_ach_debits (id, client_unique_id, order_id, user_token_id, account_id, amount_cents, status, settle_at)
         VALUES ('d2', 'p3', 'o3', 'u1', 'upo_unknown', 100, 'pending', now())`,
      ),
    ).rejects.toThrow(/foreign key/);
    const [index] = await old.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_indexes WHERE schemaname = $1 AND indexname = 'sandbox_ach_debits_due_idx'`,
      [sandboxSchema],
    );
    expect(index!.n).toBe(1);
    expect(await migrateAll(old.database())).toEqual([]);
  });
});

describe(`migration ${THIS_MIGRATION} in production`, () => {
  const old = databaseBefore(THIS_MIGRATION, { sandbox: false });
  it('drops the sandbox tables, makes no sandbox schema, and changes no store row', async () => {
    await olderReleaseDatabase(old);
    const before = await productionRows(old);

    const applied = await migrateAll(old.database());
    expect(applied[0]).toBe(THIS_MIGRATION);
    expect(applied.filter((file) => file.startsWith('sandbox/'))).toEqual([]);

    const working = await workingSchema(old);
    expect(await sandboxTablesIn(old, working)).toEqual([]);
    const sandboxSchema = working === 'public' ? 'sandbox' : `${working}_sandbox`;
    expect(await old.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [sandboxSchema])).toEqual([]);
    // Later migrations may add tables of their own: the rows of the tables there before are unchanged.
    expect(asBefore(await productionRows(old), before)).toEqual(before);
  });
});
