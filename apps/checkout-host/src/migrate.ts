// The hosted checkout's own migrations (ADR 047): the SQL files of migrations/ here, applied in name order into
// the host's schema ('checkout_host' beside 'public', '<working>_checkout_host' beside any other) and booked in
// host_migrations inside it. Whoever opens the database applies them with its runner (the store's:
// apps/server src/migrations.ts, one transaction a file under the migration lock).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const HOST_MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** The table, in the host's schema, that books the files applied. */
export const HOST_MIGRATIONS_BOOK = 'host_migrations';
