// Starts the real store (built web app + built server) as `npm start` would, in its own process, on a fresh
// embedded database and free ports. The browser tests' global setup starts one; a test that needs the
// store configured differently (no PUBLIC_URL, as a newcomer runs it) starts its own.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ARTIFACTS_DIR } from './artifacts.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** The store's server as `npm run build` writes it and `npm start` runs it. */
export const SERVER_BUNDLE = path.join(repoRoot, 'apps/server/dist/server.js');

export interface StoreProcess {
  /** http://127.0.0.1:<port> */
  baseURL: string;
  port: number;
  stop(): Promise<void>;
}

export interface StoreOptions {
  /** PUBLIC_URL set to the store's own 127.0.0.1 address (mail links lead back to it); false runs it unconfigured. */
  publicUrl: boolean;
  env?: Record<string, string>;
  /**
   * A migrated embedded database to start from (a directory pgliteTemplate made), as if the store had started
   * once before; unset: a new one, as a first start makes.
   */
  databaseFrom?: string;
}

/**
 * `scripts/pglite-template.ts`: a migrated, closed embedded database in `dir` (the browser tests' global setup
 * makes one per run). A store a test file starts from a copy skips creating a PGlite directory (3-11 s).
 */
export async function pgliteTemplate(dir: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/pglite-template.ts', dir], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`scripts/pglite-template.ts failed (${code}):\n${stderr}`);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForStore(url: string, child: ChildProcess, logs: () => string): Promise<void> {
  // Generous: a store starting beside a busy suite on 2 cores has taken more than 90 s to answer.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The store server exited early:\n${logs()}`);
    const up = await fetch(`${url}/api/ping`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The store server did not answer within 180 s:\n${logs()}`);
}

/**
 * The server logs at warn and above; a test that saw a 500 needs the server's side of it, so whatever
 * it logged at error level is printed and kept beside the screenshots.
 */
function keepServerErrors(output: string) {
  const errors = output.split('\n').filter((line) => /"level":(50|60)/.test(line));
  if (!errors.length) return;
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  fs.writeFileSync(path.join(ARTIFACTS_DIR, 'store-server-errors.log'), errors.join('\n') + '\n');
  console.error(`The store server logged ${errors.length} error(s):\n${errors.slice(-5).join('\n')}`);
}

/** A store in demo mode with its card vault and hosted checkout on free ports of their own; `env` adds to or overrides the defaults. */
export async function startStore({ publicUrl, env = {}, databaseFrom }: StoreOptions): Promise<StoreProcess> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  // The card vault listens on a second port; PORT+1 may be taken, so it gets its own free one.
  let vaultPort = await freePort();
  while (vaultPort === port) vaultPort = await freePort();
  // The hosted checkout (issue 11) is a third origin; PORT+2 may be taken too.
  let checkoutPort = await freePort();
  while (checkoutPort === port || checkoutPort === vaultPort) checkoutPort = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-e2e-'));
  // The store keeps its embedded database in DATA_DIR/pglite.
  if (databaseFrom) fs.cpSync(databaseFrom, path.join(dataDir, 'pglite'), { recursive: true });
  const merged: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    VAULT_PORT: String(vaultPort),
    CHECKOUT_PORT: String(checkoutPort),
    // The sandboxes' fixed ports beside PORT could be another store's here: random free ones instead.
    STRIPE_SANDBOX_PORT: '0',
    SQUARE_SANDBOX_PORT: '0',
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    // Every test signs in and posts from 127.0.0.1, two files at a time: the per-address limits across
    // e-mail addresses and on public forms are for one office's visitors, not a whole suite's. The
    // per-account limits stay (sign-in-delay.e2e.ts relies on them).
    AUTH_IP_RATE_LIMIT_MAX: '100000',
    PUBLIC_RATE_LIMIT_MAX: '100000',
    // Every test pays from 127.0.0.1: the per-address card-attempt limit would stop the run.
    CARD_ATTEMPTS_PER_SHOPPER: '100000',
    CARD_ATTEMPTS_PER_ADDRESS: '100000',
    // Every sampled page of every test records from 127.0.0.1: the hourly per-address recording limits
    // (ADR 033) are for one office's shoppers, not a whole suite's.
    RECORDING_MAX_EVENTS_PER_ADDRESS_PER_HOUR: '100000000',
    RECORDING_MAX_BYTES_PER_ADDRESS_PER_HOUR: String(100 * 1024 ** 3),
    // The vault's per-address tokenize limit (ADR 032) would stop the run too; each test's shopper keeps the per-shopper one.
    VAULT_TOKENIZE_PER_ADDRESS: '100000',
    // Bank payments settle only when a test says so (the sandbox's settle control), however slow the machine.
    ACH_SANDBOX_SETTLE_MS: String(60 * 60_000),
    ...env,
  };
  // The embedded database and the local mailbox, so every run starts from a known state.
  for (const key of ['DATABASE_URL', 'SMTP_URL', 'MAIL_TRANSPORT', 'PUBLIC_URL']) delete merged[key];
  if (publicUrl) merged.PUBLIC_URL = baseURL;
  let output = '';
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], { cwd: repoRoot, env: merged });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  await waitForStore(baseURL, child, () => output);
  return {
    baseURL,
    port,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      keepServerErrors(output);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
