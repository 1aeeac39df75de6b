// The database handle the host works with: Drizzle over PostgreSQL or PGlite, whoever opened it (the store's
// app in-process, ADR 047/048). The host's tables are in its own schema (tables.ts), on the handle's
// search_path; it never names a table of the store's, so it asks nothing of the handle's schema map.
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any opener's schema map: the host uses only its own tables' query builders.
export type Db = PgDatabase<PgQueryResultHKT, any>;
/** The handle inside db.transaction(async (tx) => ...). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
