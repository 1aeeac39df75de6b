// Builds a real app on a fresh, migrated database for each test file: an in-memory PGlite, or a
// new schema on the PostgreSQL server when DATABASE_URL is set (dropped again on close).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { hostSchemaFor, openDatabase, sandboxSchemaFor, type Database, type DatabaseOptions } from '../../src/db/client.ts';
import { migrateAll } from '../../src/migrations.ts';
import { seed, type SeedResult } from '../../src/db/seed.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  seeded: SeedResult;
  close(): Promise<void>;
}

export interface TestDatabase {
  database: Database;
  /** The PostgreSQL schema it works in (DATABASE_URL set), for a test that opens it a second way (through a proxy). */
  schemaName?: string;
  drop(): Promise<void>;
}

/**
 * A fresh database; with the sandboxes' schema unless `sandbox: false` (tests run outside production,
 * where the sandboxes serve; a test of production mode opens one without). On PostgreSQL the sandbox
 * schema is t_<hex>_sandbox beside t_<hex>, dropped with it, as is the checkout host's t_<hex>_checkout_host.
 * `migrated`: the caller migrates it next anyway, so on PGlite it may start as the run's migrated copy
 * (test/global-setup.ts); on PostgreSQL it is a fresh schema either way.
 */
export async function openTestDatabase(
  opts: Pick<DatabaseOptions, 'logQuery' | 'sandbox'> & { migrated?: boolean } = {},
): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  const { migrated, ...rest } = opts;
  const withSandbox = { ...rest, sandbox: rest.sandbox ?? true };
  if (!url) {
    // Already migrated, when asked for and the run's global setup made one: a copy of its database.
    const dumpFile = migrated && withSandbox.sandbox ? inject('migratedPgliteDump') : '';
    const initialData = dumpFile ? new Blob([await fs.promises.readFile(dumpFile)]) : undefined;
    const database = await openDatabase({ ...withSandbox, initialData });
    return { database, drop: () => database.close() };
  }
  const schemaName = `t_${randomBytes(6).toString('hex')}`;
  const database = await openDatabase({ url, schemaName, poolSize: 20, ...withSandbox });
  return {
    database,
    schemaName,
    drop: async () => {
      await database.close();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`);
      await admin.query(`DROP SCHEMA IF EXISTS ${sandboxSchemaFor(schemaName)} CASCADE`);
      await admin.query(`DROP SCHEMA IF EXISTS ${hostSchemaFor(schemaName)} CASCADE`);
      await admin.end();
    },
  };
}

/** A fresh database with every migration applied and nothing seeded: for tests of the database layer, no app. */
export async function openMigratedTestDatabase(): Promise<TestDatabase> {
  const t = await openTestDatabase({ migrated: true });
  await migrateAll(t.database);
  return t;
}

/** An account row with `id` and nothing else a sign-in needs (e-mail <id>@example.com, named Mei Lin). */
export async function insertBareAccount(database: Database, id: string): Promise<void> {
  await database.rawTransaction((q) =>
    q.query(`INSERT INTO users (id, email, password_hash, firstname, lastname) VALUES ($1, $1 || '@example.com', 'x', 'Mei', 'Lin')`, [id]),
  );
}

/**
 * The configuration of an app under test. Redis only where a test asks for it (the two-instance tests):
 * with the environment's REDIS_URL every test app would share rate-limit counters, all keyed by
 * app.inject's 127.0.0.1, with every other test file running at the same time.
 */
export function testConfig(overrides: Partial<Config> = {}, logLevel = 'silent'): Config {
  return loadConfig({ ...process.env, PORT: '0', LOG_LEVEL: logLevel }, { WEB_DIST: '/nonexistent', REDIS_URL: undefined, ...overrides });
}

/**
 * Another instance of the store on a test app's database (the two-instance tests: a load balancer's second
 * instance shares the database, and Redis when both are given REDIS_URL). Closing it leaves the database to
 * the first app's close.
 */
export async function buildAnotherInstance(first: TestApp, overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(overrides), database: first.database, logger: false });
  await app.ready();
  return app;
}

export async function buildTestApp(
  overrides: Partial<Config> = {},
  opts: { seedDemo?: boolean } & Pick<DatabaseOptions, 'logQuery'> = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase({ logQuery: opts.logQuery, migrated: true });
  // Applies nothing on a database opened migrated; everything on a fresh PostgreSQL schema.
  await migrateAll(database);
  const seeded = await seed(database.db, { demo: opts.seedDemo ?? true });
  const config = testConfig(overrides);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    seeded,
    close: async () => {
      // Every failure the app answered used a code its route lists (plugins/error-code-audit.ts): a new one
      // is added to apps/server/src/api/route-error-codes.ts with the code that answers it.
      const undeclared = [...new Set(app.undeclaredErrorCodes)];
      await app.close();
      await drop();
      if (undeclared.length > 0)
        throw new Error(
          `Failures with a code their route does not list (apps/server/src/api/route-error-codes.ts):\n${undeclared.join('\n')}`,
        );
    },
  };
}
