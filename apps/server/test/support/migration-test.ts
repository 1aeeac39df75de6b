// A database as it stood before one migration: every earlier migration applied and recorded, so a test
// can write rows in the old shape and then run migrate() to apply that migration onwards.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { openTestDatabase } from './test-app.ts';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations');

export interface DatabaseBeforeMigration {
  /** The database, once the suite's beforeAll has run. */
  database(): Database;
  /** One statement in its own transaction. */
  query<R>(sql: string, params?: unknown[]): Promise<R[]>;
}

/**
 * Registers the suite's beforeAll/afterAll: a fresh database with the migrations before `migration`
 * applied; with the sandboxes' schema on its search_path (not yet created) unless `sandbox: false`.
 */
export function databaseBefore(migration: string, opts: { sandbox?: boolean } = {}): DatabaseBeforeMigration {
  const earlier = fs
    .readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.sql') && f < migration)
    .sort();
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase({ sandbox: opts.sandbox }));
    await database.rawTransaction(async (q) => {
      await q.exec('CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      for (const file of earlier) {
        await q.exec(fs.readFileSync(path.join(MIGRATIONS, file), 'utf8'));
        await q.query('INSERT INTO schema_migrations(name) VALUES ($1)', [file]);
      }
    });
  });
  afterAll(() => drop());
  return {
    database: () => database,
    query: <R>(sql: string, params: unknown[] = []) => database.rawTransaction((q) => q.query<R>(sql, params)),
  };
}
