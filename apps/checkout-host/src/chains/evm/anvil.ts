import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { anvilPlatformPackage } from '../sandbox-packages.ts';

// A local EVM node: anvil from the @foundry-rs/anvil npm release, run by us as a child process (ADR 021).

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/** The platform binary that @foundry-rs/anvil installs as an optional dependency (its bin.mjs only forwards to it). */
export function defaultAnvilPath(): string {
  const dir = dirname(createRequire(import.meta.url).resolve(`${anvilPlatformPackage()}/package.json`));
  return join(dir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface AnvilNode {
  port: number;
  rpcUrl: string;
  wsUrl: string;
  /** Stops the node (SIGTERM, then SIGKILL if it lingers); resolves once it exited. */
  stop(): Promise<void>;
}

export interface AnvilOptions {
  /** The real chain's id, so a wallet sees the chain it expects. */
  chainId: number;
  /** A fixed port (tests restart a node on the same port); default a free one. */
  port?: number;
  anvilPath?: string;
  /** How long the node may take to answer eth_chainId. */
  startTimeoutMs: number;
}

async function answersChainId(rpcUrl: string, chainId: number): Promise<boolean> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1_000),
    });
    const body = (await response.json()) as { result?: string };
    return body.result !== undefined && Number(body.result) === chainId;
  } catch {
    return false;
  }
}

export async function startAnvil({ chainId, port: fixedPort, anvilPath, startTimeoutMs }: AnvilOptions): Promise<AnvilNode> {
  const port = fixedPort ?? (await freePort());
  const child = spawn(
    anvilPath ?? defaultAnvilPath(),
    ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  running.add(child);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // A crashed or finished server must not leave nodes behind.
    process.once('exit', () => {
      for (const node of running) node.kill('SIGKILL');
    });
  }
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      running.delete(child);
      resolve();
    });
    child.once('error', (error) => {
      stderr += String(error);
      running.delete(child);
      resolve();
    });
  });
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const rpcUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  while (!(await answersChainId(rpcUrl, chainId))) {
    if (hasExited || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `anvil did not start on port ${port}${hasExited ? ' (it exited)' : ` within ${startTimeoutMs} ms`}: ${stderr.trim()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    port,
    rpcUrl,
    wsUrl: `ws://127.0.0.1:${port}`,
    async stop() {
      if (hasExited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
