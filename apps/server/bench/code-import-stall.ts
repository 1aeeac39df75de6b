// How long an admin's gift-card code import holds the event loop (issue 21): `node --import tsx
// apps/server/bench/code-import-stall.ts`. The store in this process on a throwaway database (PGlite, or
// the PostgreSQL server of DATABASE_URL in a schema of its own), the demo admin signed in; then the
// longest event-loop stall (the longest gap between turns of a 1 ms timer) while a CSV of BENCH_CODES codes (default
// 10,000) is imported through the API, against the longest stall while the store idles for as long (the
// baseline, measured in the same run). It prints figures; it asserts nothing about speed.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { hostSchemaFor, openDatabase } from '../src/db/client.ts';
import { migrateAll } from '../src/migrations.ts';
import { seed } from '../src/db/seed.ts';
import { DEMO_ACCOUNTS } from '../src/db/seed/demo-accounts.ts';

const CODES = Number(process.env.BENCH_CODES ?? 10_000);
const JADE_GIFT_CARD = '20000000-0000-4000-8000-000000000001';

const url = process.env.DATABASE_URL;
const schemaName = url ? `bench_${randomBytes(6).toString('hex')}` : undefined;
const database = await openDatabase({ url, schemaName });
try {
  await migrateAll(database);
  await seed(database.db, { demo: true });
  const config = loadConfig(
    { ...process.env, PORT: '0', VAULT_PORT: 'off', CHECKOUT_PORT: 'off', LOG_LEVEL: 'silent' },
    { WEB_DIST: '/nonexistent' },
  );
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const admin = DEMO_ACCOUNTS.find((a) => a.role === 'ADMIN')!;
  const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: admin.email, password: admin.password } });
  const token = (login.json() as { data: { token: string } }).data.token;

  /**
   * The longest stall while `work` runs, in ms: the longest gap between two turns of a 1 ms timer (what
   * any other request, socket message or timer waited at worst). perf_hooks.monitorEventLoopDelay was
   * tried and misses a single multi-second stall (it samples), so the gap is timed directly.
   */
  async function stalls(work: () => Promise<unknown>) {
    let last = performance.now();
    let maxGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      maxGap = Math.max(maxGap, now - last);
      last = now;
    }, 1);
    const started = performance.now();
    await work();
    const elapsed = performance.now() - started;
    // The timers are late by the last stall: it is counted once the loop turns again.
    await new Promise((resolve) => setTimeout(resolve, 20));
    clearInterval(ticker);
    return { maxMs: maxGap, elapsedMs: elapsed };
  }

  const csv = ['code', ...Array.from({ length: CODES }, (_, i) => `BENCH-${randomBytes(4).toString('hex')}-${i}`)].join('\n');
  const imported = await stalls(async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/catalog/gift-cards/${JADE_GIFT_CARD}/codes`,
      payload: csv,
      headers: { 'content-type': 'text/csv', 'x-auth-token': token },
    });
    const report = res.json() as { data?: { taken: number } };
    if (res.statusCode !== 200 || report.data?.taken !== CODES)
      throw new Error(`import failed: ${res.statusCode} ${res.body.slice(0, 300)}`);
  });
  const idle = await stalls(() => new Promise((resolve) => setTimeout(resolve, imported.elapsedMs)));

  const row = (name: string, m: typeof imported) =>
    `${name.padEnd(34)} ${m.maxMs.toFixed(1).padStart(16)} ${m.elapsedMs.toFixed(0).padStart(9)}`;
  console.log(`${'event loop during'.padEnd(34)} ${'longest stall ms'.padStart(16)} ${'took ms'.padStart(9)}`);
  console.log(row('idle (baseline)', idle));
  console.log(row(`import of ${CODES.toLocaleString('en-US')} codes (${url ? 'pg' : 'PGlite'})`, imported));
  console.log(`longest stall: ${(imported.maxMs / Math.max(idle.maxMs, 0.001)).toFixed(1)}x the baseline`);
  await app.close();
} finally {
  await database.close();
  if (url && schemaName) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`);
    await client.query(`DROP SCHEMA IF EXISTS ${hostSchemaFor(schemaName)} CASCADE`);
    await client.end();
  }
}
