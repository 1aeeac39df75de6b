import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, RawQuery } from './client.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsDir = path.join(here, 'migrations');
/** The sandboxes' own tables (ADR 042): applied only to a database opened with its sandbox schema. */
const sandboxMigrationsDir = path.join(here, 'sandbox-migrations');
const MIGRATION_LOCK = 727274;
/** How migrate() tells a production migration (0042) where the sandbox schema is: unset or '' when there is none. */
const SANDBOX_SCHEMA_SETTING = 'store.sandbox_schema';
/** The prefix of the sandbox migrations' names in migrate()'s answer. */
export const SANDBOX_MIGRATION_PREFIX = 'sandbox/';

const sqlFiles = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();

/** The working schema, as a migration into a schema of its own reads it (current_setting), e.g. to adopt tables from it. */
export const WORKING_SCHEMA_SETTING = 'store.working_schema';

/**
 * A part of the app with migrations of its own (ADR 047: the checkout host's), kept by itself: migrate()
 * runs it after the store's and the sandboxes' and answers its files as '<name>/<file>'.
 */
export interface MigrationSet {
  name: string;
  /** Applies its files not yet applied (applyFolder, into its own schema: inSchemaOfItsOwn); answers them. */
  apply(database: Database): Promise<string[]>;
}

/**
 * Applies the checked-in SQL migrations in name order, each once, each in its own transaction. Then, when
 * the database was opened with the sandboxes' schema (the sandboxes serve, ADR 042), the sandbox
 * migrations into that schema, with their own book (sandbox_migrations, inside it); a production database
 * gets neither the schema nor its tables. Then each of `sets`, the other parts' own migrations, in order
 * (the caller names them: db/ imports no part of the app; src/migrations.ts migrateAll gives the app's).
 * Answers the files applied, the sandbox's as 'sandbox/<file>', a set's as '<name>/<file>'.
 * A transaction-scoped advisory lock keeps two instances starting together from applying a file twice.
 */
export async function migrate(database: Database, sets: readonly MigrationSet[]): Promise<string[]> {
  const { sandboxSchema } = database;
  // Even CREATE TABLE IF NOT EXISTS can collide when two servers start at once, so it takes the lock too.
  await database.rawTransaction(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await q.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  });
  const applied = await applyFolder(database, migrationsDir, 'schema_migrations', async (q) => {
    await q.query('SELECT set_config($1, $2, true)', [SANDBOX_SCHEMA_SETTING, sandboxSchema ?? '']);
  });
  if (sandboxSchema) {
    const sandbox = await applyFolder(
      database,
      sandboxMigrationsDir,
      'sandbox_migrations',
      inSchemaOfItsOwn(sandboxSchema, 'sandbox_migrations'),
    );
    applied.push(...sandbox.map((file) => `${SANDBOX_MIGRATION_PREFIX}${file}`));
  }
  for (const set of sets) applied.push(...(await set.apply(database)).map((file) => `${set.name}/${file}`));
  return applied;
}

/**
 * The prepare step of migrations kept in a schema of their own (the sandboxes', a MigrationSet's): unqualified
 * names in their files, and their book, are that schema's, for this transaction only. The working schema it
 * replaces on the search_path is named in WORKING_SCHEMA_SETTING first (transaction-local too).
 */
export const inSchemaOfItsOwn =
  (schema: string, book: string) =>
  async (q: RawQuery): Promise<void> => {
    await q.query('SELECT set_config($1, current_schema(), true)', [WORKING_SCHEMA_SETTING]);
    // Asked of pg_namespace itself, under the lock (so nobody creates it meanwhile): CREATE SCHEMA IF NOT EXISTS
    // consults this connection's catalog cache, which may still say "no such schema" after another start made it.
    const exists = await q.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
    if (exists.length === 0) await q.exec(`CREATE SCHEMA ${schema}`);
    await q.exec(`SET LOCAL search_path TO ${schema}`);
    await q.exec(`CREATE TABLE IF NOT EXISTS ${book} (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  };

/** Each file of `dir` not yet in `book`, in its own transaction under the lock, after `prepare`. */
export async function applyFolder(
  database: Database,
  dir: string,
  book: string,
  prepare: (q: RawQuery) => Promise<void>,
): Promise<string[]> {
  const applied: string[] = [];
  for (const file of sqlFiles(dir)) {
    const sql = fs.readFileSync(path.join(dir, file), 'utf8');
    const didApply = await database.rawTransaction(async (q) => {
      await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await prepare(q);
      const done = await q.query(`SELECT 1 FROM ${book} WHERE name = $1`, [file]);
      if (done.length > 0) return false;
      await q.exec(sql);
      await q.query(`INSERT INTO ${book}(name) VALUES ($1)`, [file]);
      return true;
    });
    if (didApply) applied.push(file);
  }
  return applied;
}
