// PostgreSQL's own load generator as the database's limit on this machine (issue 26): before the store
// starts, the bench runs pgbench's simple-update load (-N) and its select-only load (-S) against a scratch
// database of the same server, and the table gives every store figure as a fraction of both. A store unit
// at 0.3× `pgbench -N` does a third of what the database alone can commit on the same machine, the same day.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { promisify } from 'node:util';
import pg from 'pg';

const execFileAsync = promisify(execFile);

/** pgbench's table: a million accounts at scale 10, in about a second on this machine. */
const SCALE = 10;
const INIT_TIMEOUT_MS = 180_000;
/** Beyond the run's own length: connecting, the vacuum before it, and a busy machine. */
const RUN_TIMEOUT_SLACK_MS = 60_000;
const STATEMENT_TIMEOUT_MS = 60_000;

export interface PgbenchFigures {
  /** Transactions per second of `pgbench -N` (three updates, a select and an insert in each). */
  simpleUpdateTps: number;
  /** Transactions per second of `pgbench -S` (one select by primary key in each). */
  selectOnlyTps: number;
  clients: number;
  seconds: number;
}

/** What pgbench prints as its result: "tps = 7207.212003 (without initial connection time)". */
export function parseTps(output: string): number {
  const match = /^tps = (\d+(?:\.\d+)?) \(without initial connection time\)$/m.exec(output);
  if (!match) throw new Error(`pgbench printed no tps; its output ended:\n${output.slice(-600)}`);
  return Number(match[1]);
}

/** pgbench's failed transactions: "number of failed transactions: 0 (0.000%)". Absent in releases before 15. */
export function parseFailed(output: string): number {
  const match = /^number of failed transactions: (\d+)/m.exec(output);
  return match ? Number(match[1]) : 0;
}

/**
 * The connection pgbench is given: the server of `url`, database `database`. The password travels in the
 * environment (PGPASSWORD), not in the arguments, which any user of the machine can list.
 */
export function pgbenchConnection(url: string, database: string): { uri: string; env: NodeJS.ProcessEnv } {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  target.pathname = `/${database}`;
  return { uri: target.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

async function pgbench(args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<string> {
  const { stdout, stderr } = await execFileAsync('pgbench', args, { env, timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024 });
  // The result is on stdout; progress and "starting vacuum" on stderr.
  return `${stderr}\n${stdout}`;
}

/** Why pgbench cannot run here, or null when it can. */
async function unavailable(): Promise<string | null> {
  try {
    await execFileAsync('pgbench', ['--version'], { timeout: 10_000 });
    return null;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT'
      ? 'pgbench is not installed (Debian: postgresql-contrib or postgresql-client)'
      : `pgbench --version failed: ${(err as Error).message}`;
  }
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000, statement_timeout: STATEMENT_TIMEOUT_MS });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Runs `pgbench -N` then `pgbench -S` for `seconds` each with `clients` clients on a scratch database of the
 * server at `url`, which it drops afterwards. Answers the figures, or why it did not run.
 */
export async function measurePgbench(url: string, clients: number, seconds: number): Promise<PgbenchFigures | { skipped: string }> {
  const reason = await unavailable();
  if (reason) return { skipped: reason };
  const database = `bench_pgbench_${randomBytes(6).toString('hex')}`;
  const { uri, env } = pgbenchConnection(url, database);
  const threads = String(Math.max(1, Math.min(clients, os.availableParallelism())));
  const runTimeout = seconds * 1000 + RUN_TIMEOUT_SLACK_MS;
  await adminQuery(url, `CREATE DATABASE ${database}`);
  try {
    await pgbench(['-i', '-s', String(SCALE), '-q', uri], env, INIT_TIMEOUT_MS);
    const figures: number[] = [];
    for (const load of ['-N', '-S']) {
      const output = await pgbench([load, '-c', String(clients), '-j', threads, '-T', String(seconds), uri], env, runTimeout);
      const failed = parseFailed(output);
      if (failed > 0) throw new Error(`pgbench ${load}: ${failed} transactions failed`);
      figures.push(parseTps(output));
    }
    return { simpleUpdateTps: figures[0]!, selectOnlyTps: figures[1]!, clients, seconds };
  } finally {
    // FORCE (PostgreSQL 13 and later): a pgbench client a timeout left behind must not keep the database.
    await adminQuery(url, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
}
