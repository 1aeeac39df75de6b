// The hosted checkout's own migrations (ADR 047): migrations/ here, applied into the host's schema
// (database.hostSchema: 'checkout_host' beside 'public', '<working>_checkout_host' beside any other), booked
// in host_migrations inside it. The same runner as the store's (db/migrate.ts applyFolder: one transaction a
// file, under the migration lock); migrate() runs them after the store's, as src/migrations.ts asks.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../../db/client.ts';
import { applyFolder, inSchemaOfItsOwn, type MigrationSet } from '../../db/migrate.ts';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const BOOK = 'host_migrations';

/** Applies the host's migrations not yet applied; answers their files. */
export function migrateHost(database: Database): Promise<string[]> {
  return applyFolder(database, migrationsDir, BOOK, inSchemaOfItsOwn(database.hostSchema, BOOK));
}

/** The host's migrations as migrate() takes them: answered as 'checkout-host/<file>'. */
export const hostMigrations: MigrationSet = { name: 'checkout-host', apply: migrateHost };
