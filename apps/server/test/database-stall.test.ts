// A PostgreSQL server that stalls (connections stay open, nothing comes back), played by a TCP proxy in
// front of the real one: requests fail fast with a 503 the client may retry, nothing is lost from the
// pool, background polling backs off, and once the server answers again the store works without a restart.
// Needs DATABASE_URL (vitest.config.ts leaves this file out without it).
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { migrateAll } from '../src/migrations.ts';
import { seed } from '../src/db/seed.ts';
import { isDatabaseUnavailable } from '../src/lib/database-unavailable.ts';
import { hashToken } from '../src/lib/ids.ts';
import { createShopper, type Shopper } from './support/cart.ts';
import { openTestDatabase, testConfig, type TestDatabase } from './support/test-app.ts';
import { startTcpProxy, targetOf, urlThroughProxy, type TcpProxy } from './support/tcp-proxy.ts';

// Short enough to keep the test quick, long enough for a busy machine's ordinary queries.
const TIMEOUTS = { connectMs: 2_000, queryMs: 2_000, idleInTransactionMs: 10_000 };
/** Small, so connections lost for good would show as a pool that never serves again. */
const POOL_SIZE = 3;
/** How long the store may take to notice the server is back: generous, the test's only bound. */
const RECOVERY = { timeout: 60_000, interval: 250 };
const CASE_TIMEOUT = 120_000;

let proxy: TcpProxy;
let direct: TestDatabase;
let database: Database;
let app: FastifyInstance;
let shopper: Shopper;
const lines: string[] = [];

/** The test's schema again, through the proxy, with the short timeouts and the small pool. */
const openThroughProxy = () =>
  openDatabase({
    url: urlThroughProxy(process.env.DATABASE_URL!, proxy),
    schemaName: direct.schemaName,
    poolSize: POOL_SIZE,
    timeouts: TIMEOUTS,
    sandbox: true,
  });

beforeAll(async () => {
  proxy = await startTcpProxy(targetOf(process.env.DATABASE_URL!));
  // Migrated and seeded directly, with the ordinary timeouts: a busy machine's slow migration is not this test's subject.
  direct = await openTestDatabase();
  await migrateAll(direct.database);
  await seed(direct.database.db, { demo: false });
  database = await openThroughProxy();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({ config: testConfig({}, 'warn'), database, logger: { stream } });
  await app.ready();
  shopper = await createShopper(direct.database.db);
}, CASE_TIMEOUT);

afterAll(async () => {
  proxy?.resume();
  await app?.close();
  await database?.close();
  await direct?.drop();
  await proxy?.close();
}, CASE_TIMEOUT);

type LogEntry = Record<string, unknown> & { msg?: string; reqId?: string };
const logged = (): LogEntry[] => lines.map((line) => JSON.parse(line) as LogEntry);

// The session is looked up in the auth hook, then the user and wallet by the route: both paths hit the database.
const getUser = () => app.inject({ method: 'GET', url: '/api/v1/getuser', headers: { 'x-auth-token': shopper.token } });

async function answersAgain() {
  await vi.waitFor(async () => {
    expect((await getUser()).statusCode).toBe(200);
  }, RECOVERY);
}

describe('a stalled database', () => {
  it(
    'turns requests into a 503 the client may retry, and they succeed again once it answers',
    async () => {
      await answersAgain();
      lines.length = 0;

      proxy.stall();
      const stalled = await getUser();
      expect(stalled.statusCode).toBe(503);
      expect(stalled.json()).toEqual({
        success: false,
        message: 'The store is briefly unavailable. Please try again in a moment.',
        code: 'DATABASE_UNAVAILABLE',
      });
      expect(stalled.headers['retry-after']).toBeDefined();
      // Logged once, as the database's trouble rather than an unhandled error, without the query's parameters.
      const [line, ...more] = logged().filter((entry) => entry.reqId);
      expect(line?.msg).toBe('database unavailable');
      expect(more).toEqual([]);
      expect(lines.join('')).not.toContain(hashToken(shopper.token));

      proxy.resume();
      await answersAgain();
    },
    CASE_TIMEOUT,
  );

  it(
    'loses no pool connection to transactions that fail while it stalls',
    async () => {
      // A pool of its own, so nothing else (the outbox) takes its connections first.
      const own = await openThroughProxy();
      const failureOf = (transaction: Promise<unknown>) =>
        transaction.then(
          () => new Error('the transaction succeeded against a stalled server'),
          (err: unknown) => err,
        );
      const answersAgainToo = () => vi.waitFor(() => own.db.execute(sql`select 1`), RECOVERY);
      try {
        // Every connection of the pool open and idle when the stall begins, so the transactions below get them.
        await vi.waitFor(() => Promise.all(Array.from({ length: POOL_SIZE }, () => own.db.execute(sql`select pg_sleep(0.2)`))), RECOVERY);
        proxy.stall();
        // More failed transactions than the pool has connections: each one that kept its connection would
        // leave the pool smaller for good (Drizzle sends BEGIN before its try/finally).
        for (let i = 0; i < POOL_SIZE + 2; i++) {
          expect(isDatabaseUnavailable(await failureOf(own.db.transaction(async (tx) => tx.execute(sql`select 1`))))).toBe(true);
        }
        proxy.resume();
        await answersAgainToo();

        // A transaction the stall catches half-way: its failure (or its rollback's) is a 503 too.
        const halfWay = own.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          proxy.stall();
          await tx.execute(sql`select 2`);
        });
        expect(isDatabaseUnavailable(await failureOf(halfWay))).toBe(true);
        proxy.resume();
        await answersAgainToo();
      } finally {
        proxy.resume();
        await own.close();
      }
    },
    CASE_TIMEOUT,
  );

  it(
    'makes the outbox poll less and less often, and say so a few times rather than on every poll',
    async () => {
      await answersAgain();
      // A success: any earlier streak of failures is over.
      await vi.waitFor(() => app.outbox.drain(), RECOVERY);
      lines.length = 0;

      proxy.stall();
      const failures = () => logged().filter((entry) => entry.msg === 'outbox work failed');
      await vi.waitFor(() => expect(failures().length).toBeGreaterThanOrEqual(3), RECOVERY);
      proxy.resume();

      const [first, second, third] = failures() as (LogEntry & { failures: number; retryInMs: number })[];
      expect(first).toMatchObject({ failures: 1, retryInMs: 1_000 });
      expect(second).toMatchObject({ failures: 2, retryInMs: 2_000 });
      expect(third).toMatchObject({ failures: 3, retryInMs: 4_000 });
      await answersAgain();
    },
    CASE_TIMEOUT,
  );
});
