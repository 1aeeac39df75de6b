import { PublicKey } from '@solana/web3.js';
import { createSolanaAdapter } from './solana/adapter.ts';
import type { LiteSvmChain } from './solana/litesvm-client.ts';
import { createRpcBackend } from './solana/rpc-backend.ts';
import { createEvmAdapter, type EvmAdapter } from './evm/adapter.ts';
import type { AnvilNode } from './evm/anvil.ts';
import { EVM_CHAIN_IDS } from './evm/chains.ts';
import { createEvmTransport } from './evm/transport.ts';
import {
  CHAIN_NAMES,
  ChainError,
  type ChainAdapter,
  type ChainName,
  type ChainOptions,
  type ChainRegistry,
  type EvmChainName,
} from './types.ts';

const DEFAULTS = {
  rpcTimeoutMs: 10_000,
  evmConfirmations: 1,
  wsReconnectAttempts: 5,
  wsReconnectDelayMs: 1_000,
  anvilStartTimeoutMs: 30_000,
};

/**
 * One adapter per chain, made on first use: a configured real node, or the sandbox (litesvm in a child
 * process for Solana; for an EVM chain, a local anvil started on a free port with the real chain id and the
 * test USDC deployed). close() closes the sockets and stops the anvil processes. The sandbox modules are
 * imported only on that path (ADR 043): they run on development dependencies; with `sandboxes: false` (the
 * store outside demo mode) a chain without a node is not offered at all.
 */
export function createChainRegistry(options: ChainOptions): ChainRegistry {
  const settings = { ...DEFAULTS, ...stripUndefined(options) };
  const adapters = new Map<ChainName, Promise<ChainAdapter>>();
  const evmAdapters: EvmAdapter[] = [];
  const nodes: AnvilNode[] = [];
  const solanaChildren: LiteSvmChain[] = [];
  let closed = false;

  const transportSettings = {
    rpcTimeoutMs: settings.rpcTimeoutMs,
    wsReconnectAttempts: settings.wsReconnectAttempts,
    wsReconnectDelayMs: settings.wsReconnectDelayMs,
  };

  async function makeSolana(): Promise<ChainAdapter> {
    if (options.solana) {
      const backend = createRpcBackend({ rpcUrl: options.solana.rpcUrl, wsUrl: options.solana.wsUrl, rpcTimeoutMs: settings.rpcTimeoutMs });
      return createSolanaAdapter({ backend, usdcMint: new PublicKey(options.solana.usdcMint) });
    }
    if (options.sandboxes === false) throw notConfigured('solana', 'SOLANA_RPC_URL');
    const { startLiteSvmProcess } = await import('./solana/litesvm-client.ts');
    // The sandbox chain is a child process on this machine: a call slower than a remote node's limit is
    // a starved process on a busy machine, not a node gone away, so it keeps its own longer limit (30 s).
    const backend = await startLiteSvmProcess();
    solanaChildren.push(backend);
    if (closed) {
      await backend.close();
      throw new Error('the chain registry is closed');
    }
    return createSolanaAdapter({ backend, usdcMint: backend.usdcMint });
  }

  async function makeEvm(chain: EvmChainName): Promise<ChainAdapter> {
    const real = options.evm?.[chain];
    if (real) {
      const adapter = createEvmAdapter({ chain, ...transportSettings, ...real, confirmations: settings.evmConfirmations });
      evmAdapters.push(adapter);
      return adapter;
    }
    if (options.sandboxes === false) throw notConfigured(chain, `EVM_${chain.toUpperCase()}_RPC_URL`);
    const [{ startAnvil }, { deployTestToken, sandboxOwner }] = await Promise.all([import('./evm/anvil.ts'), import('./evm/sandbox.ts')]);
    const node = await startAnvil({
      chainId: EVM_CHAIN_IDS[chain],
      anvilPath: settings.anvilPath,
      startTimeoutMs: settings.anvilStartTimeoutMs,
    });
    nodes.push(node);
    if (closed) {
      await node.stop();
      throw new Error('the chain registry is closed');
    }
    const { transport } = createEvmTransport({ rpcUrl: node.rpcUrl, ...transportSettings });
    const owner = await sandboxOwner(transport);
    const usdc = await deployTestToken(transport, owner, 'USDC', settings.anvilStartTimeoutMs);
    const adapter = createEvmAdapter({
      chain,
      rpcUrl: node.rpcUrl,
      wsUrl: node.wsUrl,
      usdc,
      ...transportSettings,
      confirmations: settings.evmConfirmations,
      sandboxOwner: owner,
    });
    evmAdapters.push(adapter);
    return adapter;
  }

  return {
    sandbox: options.sandboxes !== false && !options.solana && !Object.values(options.evm ?? {}).some(Boolean),
    get(chain) {
      if (!CHAIN_NAMES.includes(chain)) return Promise.reject(new Error(`unknown chain ${String(chain)}`));
      if (closed) return Promise.reject(new Error('the chain registry is closed'));
      let adapter = adapters.get(chain);
      if (!adapter) {
        adapter = chain === 'solana' ? makeSolana() : makeEvm(chain);
        adapters.set(chain, adapter);
        // A failed start (anvil missing, port race) is not remembered: the next call tries again.
        adapter.catch(() => adapters.delete(chain));
      }
      return adapter;
    },
    async close() {
      closed = true;
      await Promise.allSettled(evmAdapters.map((adapter) => adapter.close()));
      await Promise.allSettled(nodes.map((node) => node.stop()));
      await Promise.allSettled(solanaChildren.map((chain) => chain.close()));
    },
  };
}

const notConfigured = (chain: ChainName, variable: string) =>
  new ChainError('NODE_UNREACHABLE', `The ${chain} network is not configured on this store (${variable}).`);

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
