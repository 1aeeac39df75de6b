// A fresh start of the real server process against a database it cannot use (stalled, refused, or a
// DATABASE_URL that is not a URL) gives up by itself with one line that names the database (host, port,
// name; never the password) and no stack trace. Needs no PostgreSQL: the stalled proxy never puts a
// connection through, the refused port has nobody behind it.
import { spawn } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';
import { SERVER_PROCESS_ARGS } from './support/server-process.ts';

const PASSWORD = 'secret-pw';
const START_TIMEOUT = 90_000;

/** Runs the built server (`npm start`'s `node dist/server.js`) with the given environment until it exits by itself. */
function startServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [...SERVER_PROCESS_ARGS], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', VAULT_PORT: 'off', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stderr }));
  });
}

function expectOneLineNaming(stderr: string, database: string) {
  const lines = stderr.split('\n').filter((line) => line.trim() !== '');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(database);
  expect(stderr).not.toContain(PASSWORD);
  expect(stderr).not.toContain('    at ');
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let proxy: TcpProxy;
beforeAll(async () => {
  // The target is never reached: the proxy is stalled before anything connects.
  proxy = await startTcpProxy({ host: '127.0.0.1', port: await closedPort() });
  proxy.stall();
});
afterAll(() => proxy?.close());

describe('starting against a database it cannot use', () => {
  it(
    'gives up with one line naming the database when the server stalls',
    async () => {
      const { code, stderr } = await startServer({
        DATABASE_URL: `postgres://postgres:${PASSWORD}@127.0.0.1:${proxy.port}/test`,
        DATABASE_CONNECT_TIMEOUT_MS: '1000',
      });
      expect(code).not.toBe(0);
      expectOneLineNaming(stderr, `postgres://postgres@127.0.0.1:${proxy.port}/test`);
      expect(stderr).toContain('connection timed out after 1000 ms');
    },
    START_TIMEOUT,
  );

  it(
    'gives up with one line naming the database when the connection is refused',
    async () => {
      const port = await closedPort();
      const { code, stderr } = await startServer({ DATABASE_URL: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/test` });
      expect(code).not.toBe(0);
      expectOneLineNaming(stderr, `postgres://postgres@127.0.0.1:${port}/test`);
      expect(stderr).toContain('ECONNREFUSED');
    },
    START_TIMEOUT,
  );

  it(
    'gives up with one line naming the variable when DATABASE_URL is not a URL',
    async () => {
      const { code, stderr } = await startServer({ DATABASE_URL: `postgres://postgres:${PASSWORD}@127.0.0.1:99999/test` });
      expect(code).not.toBe(0);
      expectOneLineNaming(stderr, 'DATABASE_URL');
    },
    START_TIMEOUT,
  );
});
