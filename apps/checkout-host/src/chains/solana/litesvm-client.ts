// The store's side of the litesvm sandbox chain, which runs in a child process (litesvm-process.ts, ADR
// 021): the same SolanaBackend as any other, every call a message with a time limit. A dead child fails
// every call as NODE_UNREACHABLE, as a real node that stopped answering would.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PublicKey, VersionedMessage } from '@solana/web3.js';
import { ChainError } from '../types.ts';
import type { SolanaBackend, SolanaSandboxTools } from './backend.ts';
import type { LiteSvmOp, LiteSvmReady, LiteSvmReply, WireTxRecord } from './litesvm-wire.ts';

export interface LiteSvmProcessOptions {
  /** How long one call may take before it fails as NODE_UNREACHABLE (default 30 s). */
  callTimeoutMs?: number;
  /** How long the child may take to start (default 60 s: it compiles TypeScript on a busy machine). */
  startTimeoutMs?: number;
}

export type LiteSvmChain = SolanaBackend & { usdcMint: PublicKey; sandboxTools: SolanaSandboxTools };

const CHILD_ENTRY = fileURLToPath(new URL('./litesvm-process.ts', import.meta.url));
const unreachable = (why: string) => new ChainError('NODE_UNREACHABLE', `The sandbox Solana chain is unavailable (${why}).`);

function spawnChild(): ChildProcess {
  return fork(CHILD_ENTRY, [], {
    // tsx runs the TypeScript child, resolved from here so any working directory works; the V8 flag
    // sidesteps the abort litesvm's heap corruption otherwise causes at the next garbage collection.
    execArgv: ['--import', import.meta.resolve('tsx'), '--no-allocation-site-pretenuring'],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

function waitUntilReady(child: ChildProcess, timeoutMs: number): Promise<LiteSvmReady> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(unreachable(`it did not start within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (message: unknown) => {
      if ((message as LiteSvmReady).ready !== true) return;
      cleanup();
      resolve(message as LiteSvmReady);
    };
    const onExit = (code: number | null) => fail(unreachable(`it exited with ${code} while starting`));
    function cleanup() {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    }
    function fail(error: Error) {
      cleanup();
      child.kill();
      reject(error);
    }
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

export async function startLiteSvmProcess(options: LiteSvmProcessOptions = {}): Promise<LiteSvmChain> {
  const callTimeoutMs = options.callTimeoutMs ?? 30_000;
  const child = spawnChild();
  const ready = await waitUntilReady(child, options.startTimeoutMs ?? 60_000);
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void; timer: NodeJS.Timeout }>();
  let nextId = 1;
  let gone: string | null = null;

  child.on('message', (message: LiteSvmReply) => {
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    clearTimeout(waiter.timer);
    if (message.ok) waiter.resolve(message.value);
    else
      waiter.reject(
        message.error.chainCode ? new ChainError(message.error.chainCode, message.error.message) : new Error(message.error.message),
      );
  });
  child.once('exit', (code, signal) => {
    gone = `it exited with ${signal ?? code}`;
    for (const waiter of pending.values()) {
      clearTimeout(waiter.timer);
      waiter.reject(unreachable(gone));
    }
    pending.clear();
  });

  function call<T>(op: LiteSvmOp): Promise<T> {
    if (gone) return Promise.reject(unreachable(gone));
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(unreachable(`no answer to ${op.op} within ${callTimeoutMs} ms`));
      }, callTimeoutMs);
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
      child.send({ ...op, id });
    });
  }

  const sandboxTools: SolanaSandboxTools = {
    airdrop: (owner, lamports) => call({ op: 'airdrop', owner: owner.toBase58(), lamports }),
    mintUsdc: (owner, amount) => call({ op: 'mintUsdc', owner: owner.toBase58(), amount }),
    createTokenAccount: async (owner, mint) =>
      new PublicKey(await call<string>({ op: 'createTokenAccount', owner: owner.toBase58(), mint: mint?.toBase58() })),
    tokenBalance: (owner, mint) => call({ op: 'tokenBalance', owner: owner.toBase58(), mint: mint?.toBase58() }),
    createMint: async () => new PublicKey(await call<string>({ op: 'createMint' })),
    mintTokens: (mint, owner, amount) => call({ op: 'mintTokens', mint: mint.toBase58(), owner: owner.toBase58(), amount }),
    expireBlockhash: () => call({ op: 'expireBlockhash' }),
    send: (tx) => call({ op: 'send', serialized: tx.serialize() }),
  };

  return {
    sandbox: true,
    usdcMint: new PublicKey(ready.usdcMint),
    sandboxTools,
    latestBlockhash: () => call({ op: 'latestBlockhash' }),
    blockHeight: () => call({ op: 'blockHeight' }),
    blockhashExpired: (blockhash, lastValidBlockHeight) => call({ op: 'blockhashExpired', blockhash, lastValidBlockHeight }),
    sendRaw: (serialized, signature) => call({ op: 'sendRaw', serialized, signature }),
    async getTransaction(signature) {
      const record = await call<WireTxRecord | 'pending' | null>({ op: 'getTransaction', signature });
      if (record === null || record === 'pending') return record;
      return {
        message: VersionedMessage.deserialize(record.message),
        loadedAddresses: {
          writable: record.loadedAddresses.writable.map((k) => new PublicKey(k)),
          readonly: record.loadedAddresses.readonly.map((k) => new PublicKey(k)),
        },
        error: record.error,
      };
    },
    async close() {
      if (gone) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}
