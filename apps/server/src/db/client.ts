import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { createPostgresPool } from './postgres-pool.ts';
import { checkPostgres } from './reachability.ts';
import * as schema from './schema.ts';
import { DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts } from './timeouts.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside db.transaction(async (tx) => ...). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a multi-statement SQL script outside any transaction. */
  exec(sql: string): Promise<void>;
  /** Runs raw SQL on one connection inside a transaction (migrations, maintenance). */
  rawTransaction<T>(fn: (q: RawQuery) => Promise<T>): Promise<T>;
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
  /** PostgreSQL schema to work in (tests get a fresh one each). Created if missing. */
  schemaName?: string;
  poolSize?: number;
  /** PostgreSQL server only (PGlite runs in-process); the defaults when absent. */
  timeouts?: DatabaseTimeouts;
  /** Hears the SQL of every query Drizzle sends (tests that compare the work two requests do). */
  logQuery?: (sql: string) => void;
}

/** Drizzle's logger for DatabaseOptions.logQuery; none (Drizzle's default) without it. */
const queryLogger = (opts: DatabaseOptions) => (opts.logQuery ? { logger: { logQuery: (sql: string) => opts.logQuery!(sql) } } : {});

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts, opts.url, opts.poolSize ?? 10, opts.timeouts ?? DEFAULT_DATABASE_TIMEOUTS);
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = opts.dataDir ? new PGlite(opts.dataDir) : new PGlite();
  await client.waitReady;
  return {
    db: drizzlePglite(client, { schema, ...queryLogger(opts) }) as unknown as Db,
    kind: 'pglite',
    exec: async (sql) => {
      await client.exec(sql);
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
    close: () => client.close(),
  };
}

/** Throws DatabaseUnreachableError (one line, no password) when the server does not answer in time. */
async function openPostgres(opts: DatabaseOptions, url: string, max: number, timeouts: DatabaseTimeouts): Promise<Database> {
  const { schemaName } = opts;
  if (schemaName && !/^[a-z_][a-z0-9_]*$/.test(schemaName)) throw new Error(`bad schema name ${schemaName}`);
  await checkPostgres(url, timeouts, schemaName);
  const pool = createPostgresPool({ url, max, timeouts, schemaName });
  return {
    db: drizzlePg(pool, { schema, ...queryLogger(opts) }) as unknown as Db,
    kind: 'postgres',
    exec: async (sql) => {
      await pool.query(sql);
    },
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
