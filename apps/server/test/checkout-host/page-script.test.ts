// Issue 23: the hosted page's script is built at build time (`npm run build`) and the host serves that file,
// read once when it starts. Without the file the start stops in one line naming the command, unless the host
// is off (CHECKOUT_PORT=off), which then starts without it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { ConfigError, repoRoot } from '../../src/config.ts';
import { migrateAll } from '../../src/migrations.ts';
import { buildTestApp, openTestDatabase, testConfig } from '../support/test-app.ts';
import { BUILT_PAGE_SCRIPT } from '@store/checkout-host';
import { SERVER_PROCESS_ARGS } from '../support/server-process.ts';

let dir: string;
let missing: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkout-page-'));
  missing = path.join(dir, 'page.js');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs the built server (`npm start`'s `node dist/server.js`) with the given environment until it exits by itself. */
function startServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [...SERVER_PROCESS_ARGS], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', VAULT_PORT: 'off', DATA_DIR: dir, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stderr }));
  });
}

describe('the hosted checkout page script, built at build time', () => {
  it('is read from apps/checkout-host/dist/page.js unless CHECKOUT_PAGE_SCRIPT names another file', () => {
    expect(BUILT_PAGE_SCRIPT).toBe(path.join(repoRoot, 'apps/checkout-host/dist/page.js'));
    expect(testConfig({ CHECKOUT_PORT: 0 }).CHECKOUT_PAGE_SCRIPT).toBe(process.env.CHECKOUT_PAGE_SCRIPT ?? BUILT_PAGE_SCRIPT);
  });

  it('missing: the configuration refuses to start the host, in one line naming `npm run build`', () => {
    let error: unknown;
    try {
      testConfig({ CHECKOUT_PORT: 0, CHECKOUT_PAGE_SCRIPT: missing });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('npm run build');
    expect(message).toContain(missing);
    expect(message).toContain('CHECKOUT_PORT=off');
    expect(message).not.toContain('\n');
  });

  it('missing: the server process exits with that one line and no stack trace', async () => {
    const { code, stderr } = await startServer({ CHECKOUT_PAGE_SCRIPT: missing });
    expect(code).toBe(1);
    const lines = stderr.split('\n').filter((line) => line.trim() !== '');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('npm run build');
    expect(lines[0]).toContain(missing);
    expect(stderr).not.toContain('    at ');
  }, 90_000);

  it('missing, with CHECKOUT_PORT=off: the store starts without the host', async () => {
    const t = await buildTestApp({ CHECKOUT_PORT: 'off', CHECKOUT_PAGE_SCRIPT: missing });
    try {
      expect(t.app.hasDecorator('checkoutHost')).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: '/api/ping' })).json()).toEqual({ success: true, data: 'pong' });
    } finally {
      await t.close();
    }
  });

  it('gone by the time the host starts: the app does not start, with the same message', async () => {
    const file = path.join(dir, 'vanishing.js');
    fs.copyFileSync(BUILT_PAGE_SCRIPT, file);
    const config = testConfig({ CHECKOUT_PORT: 0, CHECKOUT_PAGE_SCRIPT: file });
    fs.rmSync(file);
    const { database, drop } = await openTestDatabase();
    try {
      await migrateAll(database);
      const started = buildApp({ config, database, logger: false });
      await expect(started).rejects.toBeInstanceOf(ConfigError);
      await expect(started).rejects.toThrow('npm run build');
    } finally {
      await drop();
    }
  });

  it('is read once, when the host starts: what it serves does not change with the file', async () => {
    const file = path.join(dir, 'served.js');
    fs.copyFileSync(BUILT_PAGE_SCRIPT, file);
    const built = fs.readFileSync(file, 'utf8');
    const t = await buildTestApp({ CHECKOUT_PORT: 0, CHECKOUT_PAGE_SCRIPT: file });
    try {
      await t.app.checkoutHost.ensureMerchant({
        id: 'page-shop',
        name: 'Page Shop',
        allowedOrigins: [],
        webhookUrl: 'http://127.0.0.1:9/hook',
      });
      fs.writeFileSync(file, 'throw new Error("not this one");');
      const host = t.app.checkoutHost.origin().replace('localhost', '127.0.0.1');
      const page = await (await fetch(`${host}/solana/purchase-v2/page-shop`)).text();
      const src = /<script src="([^"]+)"><\/script>/.exec(page)?.[1];
      expect(src, page).toBeDefined();
      const res = await fetch(`${host}${src}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(built);
    } finally {
      await t.close();
    }
  }, 60_000);
});
