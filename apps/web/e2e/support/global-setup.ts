import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { assertChromiumInstalled } from './chromium.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForServer(url: string, child: ChildProcess, logs: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The store server exited early:\n${logs()}`);
    try {
      const res = await fetch(`${url}/api/ping`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The store server did not answer within 90 s:\n${logs()}`);
}

/** Starts the real server on a fresh embedded database, as `npm start` would, on a free port. */
export default async function setup(project: TestProject) {
  assertChromiumInstalled();
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` before the browser tests (npm run test:e2e does).');
  }
  const port = await freePort();
  // The card vault listens on a second port; PORT+1 may be taken, so it gets its own free one.
  let vaultPort = await freePort();
  while (vaultPort === port) vaultPort = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env, PORT: String(port), VAULT_PORT: String(vaultPort), PUBLIC_URL: baseURL, DATA_DIR: dataDir, DEMO_DATA: 'true', LOG_LEVEL: 'warn', NODE_ENV: 'test',
    // Every test pays and saves cards from 127.0.0.1, declines included: the card-testing limits are not under test here.
    CARD_ATTEMPTS_PER_SHOPPER: '100000', CARD_ATTEMPTS_PER_ADDRESS: '100000',
  };
  // Browser tests use the embedded database so they start from a known state on every run.
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: repoRoot, env });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  await waitForServer(baseURL, child, () => output);
  project.provide('baseURL', baseURL);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
