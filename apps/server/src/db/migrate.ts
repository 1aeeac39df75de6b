import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.ts';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK = 727274;

/**
 * Applies the checked-in SQL migrations in name order, each once, each in its own transaction.
 * A transaction-scoped advisory lock keeps two instances starting together from applying a file twice.
 */
export async function migrate(database: Database): Promise<string[]> {
  // Even CREATE TABLE IF NOT EXISTS can collide when two servers start at once, so it takes the lock too.
  await database.rawTransaction(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await q.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  });
  const files = fs
    .readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    const sql = fs.readFileSync(path.join(migrationsDir, file), 'utf8');
    const didApply = await database.rawTransaction(async (q) => {
      await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const done = await q.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file]);
      if (done.length > 0) return false;
      await q.exec(sql);
      await q.query('INSERT INTO schema_migrations(name) VALUES ($1)', [file]);
      return true;
    });
    if (didApply) applied.push(file);
  }
  return applied;
}
