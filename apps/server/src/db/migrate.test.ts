import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { openTestDatabase } from '../../test/support/test-app.ts';
import type { Database } from './client.ts';
import { migrateAll } from '../migrations.ts';
import * as hostTables from '@store/checkout-host/testing';
import * as productionTables from './schema.ts';
import * as sandboxTables from './sandbox-schema.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const sqlFiles = (dir: string) =>
  fs
    .readdirSync(path.join(here, dir))
    .filter((f) => f.endsWith('.sql'))
    .sort();
const migrationFiles = sqlFiles('migrations');
const sandboxMigrationFiles = sqlFiles('sandbox-migrations').map((f) => `sandbox/${f}`);
const hostMigrationFiles = sqlFiles('../../../checkout-host/src/migrations').map((f) => `checkout-host/${f}`);

/** The tables a Drizzle module defines, by name, with their column names. */
const drizzleTables = (module: Record<string, unknown>) =>
  new Map(
    Object.values(module)
      .filter((v): v is PgTable => v instanceof PgTable)
      .map((t) => getTableConfig(t))
      .map((c) => [c.name, c.columns.map((col) => col.name).sort()] as const),
  );
const SANDBOX_TABLES = drizzleTables(sandboxTables);
const PRODUCTION_TABLES = drizzleTables(productionTables);
const HOST_TABLES = drizzleTables(hostTables);

const query = <R>(database: Database, sql: string, params: unknown[] = []) => database.rawTransaction((q) => q.query<R>(sql, params));

/** Every base table of one schema, with its columns (sorted). */
async function tablesOf(database: Database, schema: string): Promise<Map<string, string[]>> {
  const rows = await query<{ table_name: string; columns: string[] }>(
    database,
    `SELECT c.table_name, array_agg(c.column_name::text ORDER BY c.column_name) AS columns
     FROM information_schema.columns c
     JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
     WHERE c.table_schema = $1 GROUP BY c.table_name`,
    [schema],
  );
  return new Map(rows.map((r) => [r.table_name, r.columns]));
}

const workingSchema = async (database: Database) => (await query<{ s: string }>(database, 'SELECT current_schema() AS s'))[0]!.s;
const schemaExists = async (database: Database, name: string) =>
  (await query(database, 'SELECT 1 FROM pg_namespace WHERE nspname = $1', [name])).length > 0;

// Applying every migration to a fresh embedded database takes seconds on a quiet machine and well over the
// default 30 s beside a busy suite (it timed out so in a CI rehearsal): the limit is a deadline for a hang.
describe('migrations', { timeout: 120_000 }, () => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
    drop = undefined;
  });

  it("in production (no sandbox serves): every production migration once, then the host's into its schema, and no sandbox schema or sandbox table at all", async () => {
    const opened = await openTestDatabase({ sandbox: false });
    drop = opened.drop;
    const { database } = opened;
    expect(database.sandboxSchema).toBeNull();
    expect(await migrateAll(database)).toEqual([...migrationFiles, ...hostMigrationFiles]);
    expect(await migrateAll(database)).toEqual([]);
    const rows = await query<{ name: string }>(database, 'SELECT name FROM schema_migrations ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual(migrationFiles);

    const working = await workingSchema(database);
    const tables = await tablesOf(database, working);
    // The production migrations make what schema.ts describes, and not one sandbox table.
    for (const [name, columns] of PRODUCTION_TABLES) expect(tables.get(name), name).toEqual(columns);
    for (const name of SANDBOX_TABLES.keys()) expect(tables.has(name), name).toBe(false);
    expect([...tables.keys()].filter((name) => name.includes('sandbox'))).toEqual([]);
    // Nor one of the checkout host's (ADR 047): they are in its schema, as tables.ts describes them, with its book.
    expect([...tables.keys()].filter((name) => name.startsWith('checkout_') || HOST_TABLES.has(name))).toEqual([]);
    expect(database.hostSchema).toBe(working === 'public' ? 'checkout_host' : `${working}_checkout_host`);
    const host = await tablesOf(database, database.hostSchema);
    expect([...host.keys()].sort()).toEqual([...HOST_TABLES.keys(), 'host_migrations'].sort());
    for (const [name, columns] of HOST_TABLES) expect(host.get(name), name).toEqual(columns);
    const hostBook = await query<{ name: string }>(database, `SELECT name FROM ${database.hostSchema}.host_migrations ORDER BY name`);
    expect(hostBook.map((r) => `checkout-host/${r.name}`)).toEqual(hostMigrationFiles);
    // Nor is there a sandbox schema, or any way to reach a sandbox table by its name.
    expect(await schemaExists(database, working === 'public' ? 'sandbox' : `${working}_sandbox`)).toBe(false);
    for (const name of SANDBOX_TABLES.keys()) {
      const [found] = await query<{ t: string | null }>(database, 'SELECT to_regclass($1)::text AS t', [name]);
      expect(found!.t, name).toBeNull();
    }
  });

  it('where the sandboxes serve: the production migrations, then the sandbox migrations into the sandbox schema only', async () => {
    const opened = await openTestDatabase({ sandbox: true });
    drop = opened.drop;
    const { database } = opened;
    const working = await workingSchema(database);
    expect(database.sandboxSchema).toBe(working === 'public' ? 'sandbox' : `${working}_sandbox`);
    expect(await migrateAll(database)).toEqual([...migrationFiles, ...sandboxMigrationFiles, ...hostMigrationFiles]);
    expect(await migrateAll(database)).toEqual([]);

    // The sandbox schema holds the sandbox tables as sandbox-schema.ts describes them, and its own book.
    const sandbox = await tablesOf(database, database.sandboxSchema!);
    expect([...sandbox.keys()].sort()).toEqual([...SANDBOX_TABLES.keys(), 'sandbox_migrations'].sort());
    for (const [name, columns] of SANDBOX_TABLES) expect(sandbox.get(name), name).toEqual(columns);
    const book = await query<{ name: string }>(database, `SELECT name FROM ${database.sandboxSchema}.sandbox_migrations ORDER BY name`);
    expect(book.map((r) => `sandbox/${r.name}`)).toEqual(sandboxMigrationFiles);

    // The production schema is the same as in production: its tables, none of the sandbox's.
    const production = await tablesOf(database, working);
    for (const [name, columns] of PRODUCTION_TABLES) expect(production.get(name), name).toEqual(columns);
    expect([...production.keys()].filter((name) => name.includes('sandbox') || name.startsWith('checkout_'))).toEqual([]);
    expect([...(await tablesOf(database, database.hostSchema)).keys()].sort()).toEqual([...HOST_TABLES.keys(), 'host_migrations'].sort());
    const productionBook = await query<{ name: string }>(database, 'SELECT name FROM schema_migrations ORDER BY name');
    expect(productionBook.map((r) => r.name)).toEqual(migrationFiles);

    // The unqualified names the sandboxes use reach their schema (the search_path).
    const found = await query<{ schema: string }>(
      database,
      `SELECT n.nspname AS schema FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = to_regclass('sandbox_transactions')`,
    );
    expect(found).toEqual([{ schema: database.sandboxSchema }]);
    // And the host's reach its own.
    const hostFound = await query<{ schema: string }>(
      database,
      `SELECT n.nspname AS schema FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = to_regclass('checkout_sessions')`,
    );
    expect(hostFound).toEqual([{ schema: database.hostSchema }]);
  });

  it('is safe when two starts migrate at the same time', async () => {
    const opened = await openTestDatabase({ sandbox: true });
    drop = opened.drop;
    const [a, b] = await Promise.all([migrateAll(opened.database), migrateAll(opened.database)]);
    expect([...a, ...b].sort()).toEqual([...migrationFiles, ...sandboxMigrationFiles, ...hostMigrationFiles].sort());
  });
});
