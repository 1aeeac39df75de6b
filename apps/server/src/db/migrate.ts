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

/**
 * Applies the checked-in SQL migrations in name order, each once, each in its own transaction. Then, when
 * the database was opened with the sandboxes' schema (the sandboxes serve, ADR 042), the sandbox
 * migrations into that schema, with their own book (sandbox_migrations, inside it); a production database
 * gets neither the schema nor its tables. Answers the files applied, the sandbox's as 'sandbox/<file>'.
 * A transaction-scoped advisory lock keeps two instances starting together from applying a file twice.
 */
export async function migrate(database: Database): Promise<string[]> {
  const { sandboxSchema } = database;
  // Even CREATE TABLE IF NOT EXISTS can collide when two servers start at once, so it takes the lock too.
  await database.rawTransaction(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await q.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  });
  const applied = await applyFolder(database, migrationsDir, 'schema_migrations', async (q) => {
    await q.query('SELECT set_config($1, $2, true)', [SANDBOX_SCHEMA_SETTING, sandboxSchema ?? '']);
  });
  if (!sandboxSchema) return applied;

  const inSandbox = async (q: RawQuery) => {
    // Unqualified names in the sandbox files (and its book) are the sandbox schema's, for this transaction only.
    await q.exec(`CREATE SCHEMA IF NOT EXISTS ${sandboxSchema}; SET LOCAL search_path TO ${sandboxSchema}`);
    await q.exec(`CREATE TABLE IF NOT EXISTS sandbox_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  };
  const sandbox = await applyFolder(database, sandboxMigrationsDir, 'sandbox_migrations', inSandbox);
  return [...applied, ...sandbox.map((file) => `${SANDBOX_MIGRATION_PREFIX}${file}`)];
}

/** Each file of `dir` not yet in `book`, in its own transaction under the lock, after `prepare`. */
async function applyFolder(database: Database, dir: string, book: string, prepare: (q: RawQuery) => Promise<void>): Promise<string[]> {
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
