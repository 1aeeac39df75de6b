// `npm run bench`: starts the store in a child process, signs in as the demo user, then measures each
// scenario of scenarios.ts with autocannon, and each multi-request unit of units.ts (add to cart + get
// cart; a full purchase) with its own loop: one worker per connection, each with its own shopper, units
// back to back, units/s and p99 per unit. All are warmed up, then each timed, and one table gives ratios
// to the baseline measured in the same run. Fails only when a request or unit fails (non-2xx, socket
// error, unexpected answer), never because something is slow: speed is read from the table, not asserted.
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SCENARIOS, type BenchContext, type Scenario } from './scenarios.ts';
import { formatTable, type Measurement } from './report.ts';
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

type ReadyMessage = Extract<BenchServerMessage, { type: 'ready' }>;

async function startServer(): Promise<{ child: ChildProcess } & ReadyMessage> {
  const serverFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.ts');
  const child = fork(serverFile, [], { execArgv: process.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
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

async function load(baseUrl: string, scenario: Scenario, ctx: BenchContext, durationS: number): Promise<Measurement> {
  const body = scenario.body?.(ctx);
  const result = await autocannon({
    url: `${baseUrl}${scenario.path}`,
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
 * Runs `scenario` for `durationS` with one worker per shopper; units/s over the whole span, p99 per unit (or of
 * the latencies the unit reports, see UnitScenario.run).
 */
async function loadUnits(scenario: UnitScenario, ctx: UnitContext, shoppers: BenchShopper[], durationS: number): Promise<Measurement> {
  const latencies: number[] = [];
  const failures: string[] = [];
  let units = 0;
  const started = performance.now();
  const deadline = started + durationS * 1000;
  await Promise.all(
    shoppers.map(async (shopper) => {
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

const { child, url, database, storeOrigin, vaultUrl } = await startServer();
let failed = false;
try {
  const ctx: BenchContext = { token: await signIn(url), adminToken: await signInAdmin(url) };
  const unitCtx: UnitContext = { baseUrl: url, vaultUrl, storeOrigin };
  // Each unit scenario gets shoppers of its own: the cart scenario leaves items behind that a purchase
  // would otherwise pay for.
  const shoppers = new Map<UnitScenario, BenchShopper[]>();
  const setupStarted = performance.now();
  for (const [i, scenario] of unitScenarios.entries()) shoppers.set(scenario, await createShoppers(url, `u${i}`, CONNECTIONS));
  console.log(
    `${CONNECTIONS * unitScenarios.length} shoppers signed up and confirmed in ${((performance.now() - setupStarted) / 1000).toFixed(1)}s`,
  );
  console.log(`Benchmark: ${database}, ${CONNECTIONS} connections, ${WARMUP_S}s warm-up + ${DURATION_S}s per scenario\n`);
  // Every route is warmed up before any is measured, so the baseline (measured first) does not pay
  // for a cold server (JIT, caches, the garbage left by seeding) on its own.
  const warmups = new Map<Scenario, Measurement>();
  for (const scenario of scenarios) warmups.set(scenario, await load(url, scenario, ctx, WARMUP_S));
  const unitWarmups = new Map<UnitScenario, Measurement>();
  for (const scenario of unitScenarios) unitWarmups.set(scenario, await loadUnits(scenario, unitCtx, shoppers.get(scenario)!, WARMUP_S));
  const rows: Measurement[] = [];
  for (const scenario of scenarios) {
    const measured = await load(url, scenario, ctx, DURATION_S);
    const warmup = warmups.get(scenario)!;
    // A failure during warm-up is still a failure of the route.
    rows.push({ ...measured, non2xx: measured.non2xx + warmup.non2xx, errors: measured.errors + warmup.errors });
    console.log(`  measured ${scenario.name}`);
  }
  for (const scenario of unitScenarios) {
    const measured = await loadUnits(scenario, unitCtx, shoppers.get(scenario)!, DURATION_S);
    const warmup = unitWarmups.get(scenario)!;
    rows.push({ ...measured, non2xx: measured.non2xx + warmup.non2xx });
    console.log(`  measured ${scenario.name}`);
  }
  console.log(`\n${formatTable(rows)}\n`);
  const broken = rows.filter((r) => r.non2xx > 0 || r.errors > 0);
  if (broken.length) {
    failed = true;
    console.error(`Requests failed on: ${broken.map((r) => r.name).join(', ')}`);
  }
} catch (err) {
  failed = true;
  console.error(err instanceof Error ? err.message : err);
} finally {
  await stopServer(child);
}
process.exit(failed ? 1 : 0);
