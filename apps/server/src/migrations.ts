// Every migration of the app: the store's (and the sandboxes', when they serve), then the hosted checkout's
// own, in its own schema (ADR 047). The one function a start (server.ts) and every test database migrate with;
// db/migrate.ts imports no part of the app, so the parts with migrations of their own are named here.
import type { Database } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { hostMigrations } from './providers/checkout-host/migrate.ts';

/** Answers the files applied (see migrate()): the host's as 'checkout-host/<file>'. */
export function migrateAll(database: Database): Promise<string[]> {
  return migrate(database, [hostMigrations]);
}
