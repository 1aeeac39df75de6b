import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { createPostgresClient, createPostgresPool } from './postgres-pool.ts';
import { checkPostgres } from './reachability.ts';
import * as schema from './schema.ts';
import { DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts } from './timeouts.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside db.transaction(async (tx) => ...). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * The schema of the sandboxes' own tables (ADR 042), on every connection's search_path after the
   * working schema; null when the database was opened without it (production: no sandbox serves, and
   * no sandbox table is reachable).
   */
  sandboxSchema: string | null;
  /**
   * The schema of the hosted checkout's own tables (ADR 047), on every connection's search_path after the
   * working schema (and the sandbox's): always there, whether or not the host is started in this app.
   */
  hostSchema: string;
  /** The schema the store's own tables are in ('public' on PGlite; a test's t_<hex> on PostgreSQL). */
  workingSchema: string;
  /** Runs a multi-statement SQL script outside any transaction. */
  exec(sql: string): Promise<void>;
  /**
   * LISTENs on `channel` (lower-case letters, digits, underscores): on PostgreSQL a connection of its own, outside
   * the pool; on PGlite its one connection. `onLost` is called once if the connection ends (PostgreSQL).
   */
  listen(channel: string, onNotice: (payload: string) => void, onLost: (err: Error) => void): Promise<NoticeListener>;
  /** Runs raw SQL on one connection inside a transaction (migrations, maintenance). */
  rawTransaction<T>(fn: (q: RawQuery) => Promise<T>): Promise<T>;
  /**
   * PGlite only: the whole database as a data-directory dump, which `initialData` opens again. The tests
   * start each file from a migrated one: creating an empty PGlite costs about 2 s, loading a dump 0.5 s.
   */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

/** A channel being listened on: NOTIFY on it (the listener hears its own), or stop listening. */
export interface NoticeListener {
  notify(payload: string): Promise<void>;
  close(): Promise<void>;
}

export interface RawQuery {
  /** Multi-statement script, no parameters. */
  exec(sql: string): Promise<void>;
  /** One statement with $1.. parameters. */
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
}

export interface DatabaseOptions {
  /** PostgreSQL server URL; when absent PGlite is used. */
  url?: string;
  /** PGlite data directory; undefined keeps the database in memory (tests). */
  dataDir?: string;
  /** PGlite in memory only: start from this dump (Database.dump) instead of an empty database. */
  initialData?: Blob;
  /** PostgreSQL schema to work in (tests get a fresh one each). Created if missing. */
  schemaName?: string;
  /**
   * Reach the sandboxes' tables (when the sandboxes serve, config-rules.ts sandboxesServe): their schema
   * goes on the search_path after the working schema; migrate() creates it. Its name follows the working
   * schema (sandboxSchemaFor), so each test schema has its own.
   */
  sandbox?: boolean;
  poolSize?: number;
  /** PostgreSQL server only (PGlite runs in-process); the defaults when absent. */
  timeouts?: DatabaseTimeouts;
  /** Hears the SQL of every query Drizzle sends (tests that compare the work two requests do). */
  logQuery?: (sql: string) => void;
}

/**
 * The sandboxes' schema beside a working schema: 'sandbox' beside 'public' (a store's usual database),
 * else '<working>_sandbox' (a test's t_<hex>, a store in a schema of its own), so two never share one.
 */
export function sandboxSchemaFor(workingSchema: string): string {
  return workingSchema === 'public' ? 'sandbox' : `${workingSchema}_sandbox`;
}

/**
 * The hosted checkout's schema beside a working schema (ADR 047), as sandboxSchemaFor: 'checkout_host'
 * beside 'public', else '<working>_checkout_host', so two stores or two test files never share one.
 */
export function hostSchemaFor(workingSchema: string): string {
  return workingSchema === 'public' ? 'checkout_host' : `${workingSchema}_checkout_host`;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

/** The schemas that follow the working schema (the first on the search_path that exists), named and checked. */
async function schemasBeside(
  query: (sql: string) => Promise<{ schema: string | null }[]>,
): Promise<{ working: string; sandbox: string; host: string }> {
  const [row] = await query('SELECT current_schema() AS schema');
  const working = row?.schema;
  if (!working) throw new Error('The database has no working schema (no schema on its search_path exists).');
  const valid = (kind: string, name: string) => {
    if (!SCHEMA_NAME.test(name) || name.length > 63) throw new Error(`bad ${kind} schema name ${name}`);
    return name;
  };
  return {
    working: valid('working', working),
    sandbox: valid('sandbox', sandboxSchemaFor(working)),
    host: valid('checkout host', hostSchemaFor(working)),
  };
}

/** Puts a schema last on this connection's search_path (for the session: every later query sees it). */
const APPEND_TO_SEARCH_PATH = `SELECT set_config('search_path', current_setting('search_path') || ', ' || $1, false)`;

/** Drizzle's logger for DatabaseOptions.logQuery; none (Drizzle's default) without it. */
const queryLogger = (opts: DatabaseOptions) => (opts.logQuery ? { logger: { logQuery: (sql: string) => opts.logQuery!(sql) } } : {});

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts, opts.url, opts.poolSize ?? 10, opts.timeouts ?? DEFAULT_DATABASE_TIMEOUTS);
  if (opts.dataDir && opts.initialData) throw new Error('openDatabase: initialData is for an in-memory database, not dataDir');
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = opts.dataDir ? new PGlite(opts.dataDir) : new PGlite({ loadDataDir: opts.initialData });
  await client.waitReady;
  // PGlite is one connection: set once, the search_path holds for every query.
  const beside = await schemasBeside(async (sql) => (await client.query<{ schema: string | null }>(sql)).rows);
  const sandboxSchema = opts.sandbox ? beside.sandbox : null;
  for (const extra of [sandboxSchema, beside.host]) if (extra) await client.query(APPEND_TO_SEARCH_PATH, [extra]);
  return {
    db: drizzlePglite(client, { schema, ...queryLogger(opts) }) as unknown as Db,
    kind: 'pglite',
    sandboxSchema,
    hostSchema: beside.host,
    workingSchema: beside.working,
    exec: async (sql) => {
      await client.exec(sql);
    },
    listen: async (channel, onNotice) => {
      const unlisten = await client.listen(checkedChannel(channel), onNotice);
      return {
        notify: async (payload) => {
          await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
        },
        close: () => unlisten(),
      };
    },
    rawTransaction: (fn) =>
      client.transaction((tx) =>
        fn({
          exec: async (sql) => {
            await tx.exec(sql);
          },
          query: async <R>(sql: string, params?: unknown[]) => (await tx.query<R>(sql, params)).rows,
        }),
      ),
    // Uncompressed: loading it again is what the tests wait on, not its size on disk.
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** A channel name safe to write unquoted in LISTEN (PostgreSQL folds it to lower case, as it is already). */
function checkedChannel(channel: string): string {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`bad channel name ${channel}`);
  return channel;
}

/**
 * A connection of its own that LISTENs (a pooled one would be handed to other queries, and its LISTEN lost
 * when the pool closes it). With the pool's timeouts: a NOTIFY the server does not answer ends the connection.
 */
async function listenOnPostgres(
  url: string,
  timeouts: DatabaseTimeouts,
  channel: string,
  onNotice: (payload: string) => void,
  onLost: (err: Error) => void,
): Promise<NoticeListener> {
  // Named after its channel, so that it can be told apart in pg_stat_activity (and a test can end it).
  const client = createPostgresClient(url, timeouts, `listen:${channel}`.slice(0, 63));
  let closing = false;
  let lost = false;
  const lose = (err: Error) => {
    if (closing || lost) return;
    lost = true;
    onLost(err);
  };
  client.on('notification', (message) => {
    if (message.channel === channel) onNotice(message.payload ?? '');
  });
  client.on('error', lose);
  client.on('end', () => lose(new Error('The change notices connection ended')));
  try {
    await client.connect();
    await client.query(`LISTEN ${channel}`);
  } catch (err) {
    closing = true;
    await client.end().catch(() => {});
    throw err;
  }
  return {
    notify: async (payload) => {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    close: async () => {
      closing = true;
      await client.end().catch(() => {});
    },
  };
}

/** Throws DatabaseUnreachableError (one line, no password) when the server does not answer in time. */
async function openPostgres(opts: DatabaseOptions, url: string, max: number, timeouts: DatabaseTimeouts): Promise<Database> {
  const { schemaName } = opts;
  if (schemaName && !SCHEMA_NAME.test(schemaName)) throw new Error(`bad schema name ${schemaName}`);
  const workingSchema = await checkPostgres(url, timeouts, schemaName);
  const beside = await schemasBeside(async () => [{ schema: workingSchema }]);
  const sandboxSchema = opts.sandbox ? beside.sandbox : null;
  const pool = createPostgresPool({
    url,
    max,
    timeouts,
    schemaName,
    // Each new connection, before its first query (the working schema may come from the URL's options).
    onConnect: async (client) => {
      for (const extra of [sandboxSchema, beside.host]) if (extra) await client.query(APPEND_TO_SEARCH_PATH, [extra]);
    },
  });
  return {
    db: drizzlePg(pool, { schema, ...queryLogger(opts) }) as unknown as Db,
    kind: 'postgres',
    sandboxSchema,
    hostSchema: beside.host,
    workingSchema: beside.working,
    exec: async (sql) => {
      await pool.query(sql);
    },
    listen: (channel, onNotice, onLost) => listenOnPostgres(url, timeouts, checkedChannel(channel), onNotice, onLost),
    rawTransaction: async (fn) => {
      const conn = await pool.connect();
      try {
        await conn.query('BEGIN');
        const result = await fn({
          exec: async (sql) => {
            await conn.query(sql);
          },
          query: async <R>(sql: string, params?: unknown[]) => (await conn.query(sql, params)).rows as R[],
        });
        await conn.query('COMMIT');
        return result;
      } catch (err) {
        await conn.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        conn.release();
      }
    },
    close: () => pool.end(),
  };
}
