// Helpers for crash-restart.test.ts: the real server (the built `dist/server.js`, as the README's start
// command runs it) as a child process, on a database of its own that outlives it: a
// fresh schema on the PostgreSQL server when DATABASE_URL is set, else a PGlite directory under /tmp.
// The shopper talks to it over HTTP only, as a browser would.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { expect, inject } from 'vitest';
import { repoRoot } from '../../src/config.ts';
import { hostSchemaFor, openDatabase, sandboxSchemaFor, type Database } from '../../src/db/client.ts';
import { signupBody, uniqueEmail } from './auth.ts';
import { SANDBOX_ACCOUNTS, SANDBOX_ROUTING } from '../../src/providers/payments/nuvei/ach/sandbox/test-accounts.ts';
import type { CrashPoint } from '../../src/modules/payments/index.ts';
import { SERVER_PROCESS_ARGS } from './server-process.ts';
import { freePort } from './ports.ts';

export interface StoreDatabase {
  /** What the server process needs in its environment to use this database. */
  env: Record<string, string>;
  /** Opens the database in this process. For PGlite only while no server holds it. */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

export async function freshStoreDatabase(): Promise<StoreDatabase> {
  // Every start shares DATA_DIR and VAULT_KEY, so a card tokenized before a crash is readable after it.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-crash-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, VAULT_KEY: randomBytes(32).toString('hex') };
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const url = process.env.DATABASE_URL;
  if (!url) {
    const pgliteDir = path.join(dataDir, 'pglite');
    await startFromMigratedCopy(pgliteDir);
    return { env, open: () => openDatabase({ dataDir: pgliteDir, sandbox: true }), drop: async () => removeDir() };
  }
  const schemaName = `crash_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`CREATE SCHEMA ${schemaName}`);
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schemaName}`);
  return {
    env: { ...env, DATABASE_URL: withSchema.toString() },
    // The server outside production: its sandboxes' schema is <schema>_sandbox, the one opened here too.
    open: () => openDatabase({ url, schemaName, sandbox: true }),
    drop: async () => {
      await admin(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`);
      await admin(`DROP SCHEMA IF EXISTS ${sandboxSchemaFor(schemaName)} CASCADE`);
      await admin(`DROP SCHEMA IF EXISTS ${hostSchemaFor(schemaName)} CASCADE`);
      removeDir();
    },
  };
}

/**
 * The run's migrated PGlite database (test/global-setup.ts) written into the directory the server will open,
 * as if an earlier start had created and migrated it: creating a PGlite directory takes 3-11 s on this machine
 * (more under load) and every crash test starts on a new one. The server still applies its migrations at start;
 * there are none left to apply. What is under test is the crash and the restart, not the first start.
 */
async function startFromMigratedCopy(pgliteDir: string): Promise<void> {
  const dumpFile = inject('migratedPgliteDump');
  if (!dumpFile) return;
  const copy = new PGlite({ dataDir: pgliteDir, loadDataDir: new Blob([await fs.promises.readFile(dumpFile)]) });
  await copy.waitReady;
  await copy.close();
}

export interface StoreProcess {
  url: string;
  vaultUrl: string;
  /** How the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
  /** SIGTERM (graceful shutdown) and wait for the exit. */
  stop(): Promise<void>;
}

/**
 * Starts the store on the database and waits until it answers (recovery at start is done by then). A port
 * found free can be taken by another test's listener before the store binds it: such a start is tried again on
 * new ports (the database is untouched: the store had not got past listening).
 */
export async function startStore(database: StoreDatabase, crashAt?: CrashPoint): Promise<StoreProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startStoreOnce(database, crashAt);
    } catch (err) {
      if (!(err instanceof PortTaken) || attempt === 3) throw err;
    }
  }
}

class PortTaken extends Error {}

async function startStoreOnce(database: StoreDatabase, crashAt?: CrashPoint): Promise<StoreProcess> {
  const port = await freePort();
  let vaultPort = await freePort();
  while (vaultPort === port) vaultPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of [
    'DATABASE_URL',
    'SMTP_URL',
    'REDIS_URL',
    'PAYMENTS_PROVIDER',
    'NUVEI_MERCHANT_ID',
    'NUVEI_MERCHANT_SITE_ID',
    'NUVEI_SECRET_KEY',
    'CRASH_AT',
  ])
    delete env[key];
  Object.assign(env, database.env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    VAULT_PORT: String(vaultPort),
    // The hosted checkout's origin may change across a restart (the store registers itself again); PORT+2 may be taken.
    CHECKOUT_PORT: '0',
    // PORT+3 and PORT+4 may be taken too: the sandboxes on random ports.
    STRIPE_SANDBOX_PORT: '0',
    SQUARE_SANDBOX_PORT: '0',
    PUBLIC_URL: url,
    // Demo mode for its local mailbox, where the tests count receipts (the demo accounts are never used).
    DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    WEB_DIST: '/nonexistent',
    ...(crashAt ? { CRASH_AT: crashAt } : {}),
  });
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [...SERVER_PROCESS_ARGS], { cwd: repoRoot, env });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      if (/EADDRINUSE/.test(output)) throw new PortTaken(output);
      throw new Error(`The store exited while starting:\n${output}`);
    }
    if (Date.now() > deadline) throw new Error(`The store did not answer within 90 s:\n${output}`);
    const up = await fetch(`${url}/api/ping`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    vaultUrl: `http://127.0.0.1:${vaultPort}`,
    exited,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

type Envelope = { success: boolean; data?: unknown; message?: string };

export async function api(
  store: StoreProcess,
  method: string,
  urlPath: string,
  body?: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Envelope }> {
  const res = await fetch(`${store.url}/api/${urlPath}`, {
    method,
    headers: {
      ...headers,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { 'x-auth-token': token } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Envelope };
}

/** Signs up, opens the confirmation link from the local mailbox, signs in. */
export async function signUpShopper(store: StoreProcess): Promise<{ email: string; token: string }> {
  const email = uniqueEmail('crash');
  const body = signupBody(email);
  expect((await api(store, 'POST', 'v1/auth/signup', body)).status).toBe(201);
  const mails = (await api(store, 'GET', `dev/mailbox?to=${encodeURIComponent(email)}`)).json.data as { text: string }[];
  const verifyToken = /\/login\?verify=([A-Za-z0-9_-]+)/.exec(mails[0]!.text)![1];
  expect((await api(store, 'POST', 'v1/auth/verify-email', { token: verifyToken })).status).toBe(200);
  const login = await api(store, 'POST', 'v1/auth/login', { email, password: body.password });
  expect(login.status).toBe(200);
  return { email, token: (login.json.data as { token: string }).token };
}

/** The shopper's profile gets a US billing address, as paying by bank account and cashing out ask (ADR 039). */
export async function fillBillingAddress(store: StoreProcess, shopper: { token: string }): Promise<void> {
  const address = { street: '8 Jade Road', city: 'Austin', state: 'TX', zipCode: '73301', country: 'US' };
  const res = await api(store, 'PUT', 'v1/user/profile', { firstname: 'Mei', lastname: 'Lin', address }, shopper.token);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

/**
 * A vault token for a card, as the hosted card field gets it: a frame session for the shopper from the
 * store's API (ADR 032), then /tokenize with it, from the store's page (PUBLIC_URL's origin).
 */
export async function tokenizeAt(store: StoreProcess, shopper: { token: string }, number: string): Promise<string> {
  const session = await api(store, 'POST', 'v1/vault/frame-session', undefined, shopper.token);
  expect(session.status, JSON.stringify(session.json)).toBe(200);
  const res = await fetch(`${store.vaultUrl}/tokenize`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: store.url,
      'x-vault-session': (session.json.data as { session: string }).session,
    },
    // With its CVV, as the card frame sends it (ADR 038): the sandbox declines a new card without one.
    body: JSON.stringify({ kind: 'card', number, expiry: '12/34', cvv: /^3[47]/.test(number) ? '1234' : '123' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Reads until `done` holds or the limit passes (then returns the last value, for the caller's expect). */
export async function pollStore<T>(read: () => Promise<T>, done: (value: T) => boolean, limitMs = 60_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * After a restart, as the shopper sees it: the order fulfilled (the restarted server reconciles at start;
 * its background pass may still be running) and its coins credited once.
 */
export async function expectFulfilledOnce(store: StoreProcess, token: string, order: { _id: string; totalCoins: number }): Promise<void> {
  const status = await pollStore(
    async () =>
      ((await api(store, 'GET', `v1/checkout/getorder?orderId=${order._id}`, undefined, token)).json.data as { status: string }).status,
    (s) => s === 'fulfilled',
  );
  expect(status).toBe('fulfilled');
  const user = await api(store, 'GET', 'v1/getuser', undefined, token);
  expect((user.json.data as { coins: { purchasedWallet: number } }).coins.purchasedWallet).toBe(order.totalCoins);
}

/** add_bank, the bank-linking page's form as a browser posts it, then saved-bank: the new account's id. */
export async function linkSandboxBankAccount(store: StoreProcess, token: string): Promise<string> {
  const started = await api(store, 'POST', 'v1/nuvei/add_bank', {}, token);
  expect(started.status).toBe(200);
  const { linkId, url } = started.json.data as { linkId: string; url: string };
  const page = new URL(url, store.url);
  const form = new URLSearchParams({
    secret: page.searchParams.get('secret') ?? '',
    routingNumber: SANDBOX_ROUTING.federal,
    accountNumber: SANDBOX_ACCOUNTS.settles,
    accountType: 'checking',
  });
  const posted = await fetch(`${store.url}${page.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  expect(posted.status).toBe(303);
  const saved = await api(store, 'POST', 'v1/checkout/saved-bank', { linkId }, token);
  expect(saved.status).toBe(200);
  return (saved.json.data as { userPaymentOptionId: string }).userPaymentOptionId;
}
