// Every migration of the app: the store's (and the sandboxes', when they serve), then the hosted checkout's
// own, in its own schema (ADR 047). The one function a start (server.ts) and every test database migrate with;
// db/migrate.ts imports no part of the app, so the parts with migrations of their own are named here.
import { HOST_MIGRATIONS_BOOK, HOST_MIGRATIONS_DIR } from '@store/checkout-host';
import type { Database } from './db/client.ts';
import { applyFolder, inSchemaOfItsOwn, migrate, type MigrationSet } from './db/migrate.ts';

/** Applies the hosted checkout's migrations not yet applied (apps/checkout-host, ADR 048); answers their files. */
export function migrateHost(database: Database): Promise<string[]> {
  return applyFolder(database, HOST_MIGRATIONS_DIR, HOST_MIGRATIONS_BOOK, inSchemaOfItsOwn(database.hostSchema, HOST_MIGRATIONS_BOOK));
}

/** The host's migrations as migrate() takes them: answered as 'checkout-host/<file>'. */
const hostMigrations: MigrationSet = { name: 'checkout-host', apply: migrateHost };

/** Answers the files applied (see migrate()): the host's as 'checkout-host/<file>'. */
export function migrateAll(database: Database): Promise<string[]> {
  return migrate(database, [hostMigrations]);
}
