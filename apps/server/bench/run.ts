// `npm run bench`: starts the store in a child process, signs in as the demo user, then measures each
// scenario of scenarios.ts with autocannon, and each multi-request unit of units.ts (add to cart + get
// cart; a full purchase) with its own loop: one worker per connection, each with its own shopper, units
// back to back, units/s and p99 per unit. All are warmed up, then each timed, and one table gives ratios
// to the baseline measured in the same run. Fails only when a request or unit fails (non-2xx, socket
// error, unexpected answer), never because something is slow: speed is read from the table, not asserted.
//
// On PostgreSQL it first runs pgbench -N and -S on a scratch database of the same server (pgbench.ts), and
// the table divides every row by both too. BENCH_PROCESSES=2 starts two store processes on one PostgreSQL
// schema (and Redis, with REDIS_URL): autocannon spreads its connections over both, and the shoppers of a
// unit are dealt to them in turn, so a shopper's purchases go to one process while its vault token, cart and
// order are in the shared database.
import { randomBytes } from 'node:crypto';
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SCENARIOS, type BenchContext, type Scenario } from './scenarios.ts';
import { formatTable, type Measurement, type Reference } from './report.ts';
import { measurePgbench } from './pgbench.ts';
import type { BenchServerMessage } from './server.ts';
import { createShoppers } from './shoppers.ts';
import { UNIT_SCENARIOS } from './units.ts';
import type { BenchShopper, UnitContext, UnitScenario } from './unit-types.ts';
import { DEMO_ACCOUNTS } from '../src/db/seed/demo-accounts.ts';

const seconds = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number of seconds`);
  return value;
};
const DURATION_S = seconds('BENCH_DURATION_S', 5);
const WARMUP_S = seconds('BENCH_WARMUP_S', 1);
const CONNECTIONS = Math.round(seconds('BENCH_CONNECTIONS', 10));
const PROCESSES = Math.round(seconds('BENCH_PROCESSES', 1));
/** Each of pgbench's two loads runs this long; BENCH_PGBENCH=off leaves pgbench out. */
const PGBENCH_S = Math.round(seconds('BENCH_PGBENCH_S', 10));
const PGBENCH_OFF = process.env.BENCH_PGBENCH === 'off';

type ReadyMessage = Extract<BenchServerMessage, { type: 'ready' }>;
type BenchServer = { child: ChildProcess } & ReadyMessage;

/** A store process; `env` adds to this process's environment (the schema to join, the vault's key). */
async function startServer(env: NodeJS.ProcessEnv = {}): Promise<BenchServer> {
  const serverFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.ts');
  const child = fork(serverFile, [], {
    execArgv: process.execArgv,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [message] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => [{ type: 'failed', message: `bench server exited with code ${code}` }]),
  ])) as [BenchServerMessage];
  if (message.type !== 'ready') throw new Error(`bench server did not start:\n${message.message}`);
  return { child, ...message };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.send({ type: 'stop' });
  await exited;
}

async function signIn(baseUrl: string): Promise<string> {
  const demoUser = DEMO_ACCOUNTS.find((a) => a.role === 'USER')!;
  const res = await fetch(`${baseUrl}/api/v1/auth/test-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoUser.email }),
  });
  const body = (await res.json()) as { success?: boolean; data?: { token?: string }; message?: string };
  if (!res.ok || !body.data?.token) throw new Error(`test-login failed (${res.status}): ${body.message ?? JSON.stringify(body)}`);
  return body.data.token;
}

/** The demo admin, signed in with its password (the bench server does not offer the admin at test-login). */
async function signInAdmin(baseUrl: string): Promise<string> {
  const demoAdmin = DEMO_ACCOUNTS.find((a) => a.role === 'ADMIN')!;
  const res = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoAdmin.email, password: demoAdmin.password }),
  });
  const body = (await res.json()) as { success?: boolean; data?: { token?: string }; message?: string };
  if (!res.ok || !body.data?.token) throw new Error(`admin login failed (${res.status}): ${body.message ?? JSON.stringify(body)}`);
  return body.data.token;
}

/**
 * BENCH_ONLY=<text>: only the scenarios and units whose name contains the text, besides the baseline (for
 * a quick look at one route; the full table is the one to record).
 */
const ONLY = process.env.BENCH_ONLY?.toLowerCase();
const chosen = <T extends { name: string }>(list: T[], keepFirst: boolean) =>
  ONLY ? list.filter((s, i) => (keepFirst && i === 0) || s.name.toLowerCase().includes(ONLY)) : list;
const scenarios = chosen(SCENARIOS, true);
const unitScenarios = chosen(UNIT_SCENARIOS, false);

/** Autocannon's connections go to every store process in turn (`baseUrls`, one per process). */
async function load(baseUrls: string[], scenario: Scenario, ctx: BenchContext, durationS: number): Promise<Measurement> {
  const body = scenario.body?.(ctx);
  const result = await autocannon({
    // autocannon takes several URLs and deals its connections to them in turn (its README, "url"; lib/run.js);
    // its published types name one string only.
    url: baseUrls.map((baseUrl) => `${baseUrl}${scenario.path}`) as unknown as string,
    method: scenario.method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...scenario.headers?.(ctx) },
    body: body === undefined ? undefined : JSON.stringify(body),
    connections: CONNECTIONS,
    duration: durationS,
  });
  return {
    name: scenario.name,
    reqPerSec: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const MAX_FAILURES_SHOWN = 5;

/**
 * Runs `scenario` for `durationS` with one worker per shopper, the shoppers dealt to the store processes
 * (`contexts`, one per process) in turn; units/s over the whole span, p99 per unit (or of the latencies the
 * unit reports, see UnitScenario.run).
 */
async function loadUnits(
  scenario: UnitScenario,
  contexts: UnitContext[],
  shoppers: BenchShopper[],
  durationS: number,
): Promise<Measurement> {
  const latencies: number[] = [];
  const failures: string[] = [];
  let units = 0;
  const started = performance.now();
  const deadline = started + durationS * 1000;
  await Promise.all(
    shoppers.map(async (shopper, i) => {
      const ctx = contexts[i % contexts.length]!;
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          const measured = await scenario.run(ctx, shopper);
          units += 1;
          if (Array.isArray(measured)) latencies.push(...measured);
          else latencies.push(performance.now() - t0);
        } catch (err) {
          failures.push(err instanceof Error ? err.message : String(err));
        }
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  for (const message of failures.slice(0, MAX_FAILURES_SHOWN)) console.error(`  ${scenario.name} failed: ${message}`);
  latencies.sort((a, b) => a - b);
  const p99 = latencies.length ? latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.99) - 1)]! : 0;
  return { name: scenario.name, reqPerSec: units / elapsedS, p99Ms: p99, non2xx: failures.length, errors: 0 };
}

if (PROCESSES > 1 && !process.env.DATABASE_URL) {
  console.error(
    'BENCH_PROCESSES above 1 needs DATABASE_URL: the store processes share one PostgreSQL database (PGlite lives in one process)',
  );
  process.exit(1);
}

/** pgbench's figures on the same server, before the store starts; null (and why) when it does not run. */
async function databaseLimit(): Promise<Reference[]> {
  const url = process.env.DATABASE_URL;
  const why = !url ? 'no PostgreSQL (DATABASE_URL is unset)' : PGBENCH_OFF ? 'BENCH_PGBENCH=off' : null;
  if (why || !url) {
    console.log(`pgbench: not run (${why})`);
    return [];
  }
  const figures = await measurePgbench(url, CONNECTIONS, PGBENCH_S);
  if ('skipped' in figures) {
    console.log(`pgbench: not run (${figures.skipped})`);
    return [];
  }
  console.log(
    `pgbench on the same server (scale 10, ${figures.clients} clients, ${figures.seconds} s each): ` +
      `-N ${figures.simpleUpdateTps.toFixed(0)} TPS, -S ${figures.selectOnlyTps.toFixed(0)} TPS`,
  );
  return [
    { label: 'pgbench -N', perSecond: figures.simpleUpdateTps },
    { label: 'pgbench -S', perSecond: figures.selectOnlyTps },
  ];
}

const references = await databaseLimit();
// Every process shares the vault's key (server.ts); the first makes the schema the others join.
const vaultKey = randomBytes(32).toString('hex');
const servers: BenchServer[] = [await startServer({ BENCH_VAULT_KEY: vaultKey })];
let failed = false;
try {
  for (let i = 1; i < PROCESSES; i += 1)
    servers.push(await startServer({ BENCH_VAULT_KEY: vaultKey, BENCH_JOIN_SCHEMA: servers[0]!.schema! }));
  const { url, database } = servers[0]!;
  const urls = servers.map((server) => server.url);
  const ctx: BenchContext = { token: await signIn(url), adminToken: await signInAdmin(url) };
  const unitContexts: UnitContext[] = servers.map((server) => ({
    baseUrl: server.url,
    vaultUrl: server.vaultUrl,
    storeOrigin: server.storeOrigin,
  }));
  // Each unit scenario gets shoppers of its own: the cart scenario leaves items behind that a purchase
  // would otherwise pay for.
  const shoppers = new Map<UnitScenario, BenchShopper[]>();
  const setupStarted = performance.now();
  for (const [i, scenario] of unitScenarios.entries()) shoppers.set(scenario, await createShoppers(url, `u${i}`, CONNECTIONS));
  console.log(
    `${CONNECTIONS * unitScenarios.length} shoppers signed up and confirmed in ${((performance.now() - setupStarted) / 1000).toFixed(1)}s`,
  );
  const processes = PROCESSES > 1 ? `${PROCESSES} store processes, ` : '';
  console.log(`Benchmark: ${database}, ${processes}${CONNECTIONS} connections, ${WARMUP_S}s warm-up + ${DURATION_S}s per scenario\n`);
  // Every route is warmed up before any is measured, so the baseline (measured first) does not pay
  // for a cold server (JIT, caches, the garbage left by seeding) on its own.
  const warmups = new Map<Scenario, Measurement>();
  for (const scenario of scenarios) warmups.set(scenario, await load(urls, scenario, ctx, WARMUP_S));
  const unitWarmups = new Map<UnitScenario, Measurement>();
  for (const scenario of unitScenarios)
    unitWarmups.set(scenario, await loadUnits(scenario, unitContexts, shoppers.get(scenario)!, WARMUP_S));
  const rows: Measurement[] = [];
  for (const scenario of scenarios) {
    const measured = await load(urls, scenario, ctx, DURATION_S);
    const warmup = warmups.get(scenario)!;
    // A failure during warm-up is still a failure of the route.
    rows.push({ ...measured, non2xx: measured.non2xx + warmup.non2xx, errors: measured.errors + warmup.errors });
    console.log(`  measured ${scenario.name}`);
  }
  for (const scenario of unitScenarios) {
    const measured = await loadUnits(scenario, unitContexts, shoppers.get(scenario)!, DURATION_S);
    const warmup = unitWarmups.get(scenario)!;
    rows.push({ ...measured, non2xx: measured.non2xx + warmup.non2xx });
    console.log(`  measured ${scenario.name}`);
  }
  console.log(`\n${formatTable(rows, references)}\n`);
  const broken = rows.filter((r) => r.non2xx > 0 || r.errors > 0);
  if (broken.length) {
    failed = true;
    console.error(`Requests failed on: ${broken.map((r) => r.name).join(', ')}`);
  }
} catch (err) {
  failed = true;
  console.error(err instanceof Error ? err.message : err);
} finally {
  // The first process drops the schema: it stops after the others.
  for (const server of servers.slice(1)) await stopServer(server.child);
  await stopServer(servers[0]!.child);
}
process.exit(failed ? 1 : 0);
