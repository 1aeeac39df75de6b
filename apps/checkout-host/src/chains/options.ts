import { EVM_CHAIN_NAMES, type ChainOptions, type EvmChainName, type EvmNodeOptions } from './types.ts';

// Reads the chain configuration from the environment (the caller decides which env; ADR 021 lists every variable).
// A chain with no RPC URL runs in the sandbox; an RPC URL without its USDC address is a configuration error.

function positiveInt(env: NodeJS.ProcessEnv, name: string, { allowZero = false } = {}): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < (allowZero ? 0 : 1))
    throw new Error(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} integer, got "${raw}".`);
  return value;
}

function url(env: NodeJS.ProcessEnv, name: string, protocols: string[]): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new Error(`${name} must be a URL, got "${raw}".`);
  }
  if (!protocols.includes(parsed.protocol)) throw new Error(`${name} must be a ${protocols.join(' or ')} URL, got "${raw}".`);
  return raw;
}

function required(env: NodeJS.ProcessEnv, name: string, because: string): string {
  const raw = env[name]?.trim();
  if (!raw) throw new Error(`${name} is required when ${because} is set.`);
  return raw;
}

export function chainOptionsFromEnv(env: NodeJS.ProcessEnv): ChainOptions {
  const options: ChainOptions = {
    rpcTimeoutMs: positiveInt(env, 'CHAIN_RPC_TIMEOUT_MS'),
    evmConfirmations: positiveInt(env, 'EVM_CONFIRMATIONS'),
    wsReconnectAttempts: positiveInt(env, 'CHAIN_WS_RECONNECT_ATTEMPTS', { allowZero: true }),
    wsReconnectDelayMs: positiveInt(env, 'CHAIN_WS_RECONNECT_DELAY_MS'),
    anvilPath: env.ANVIL_PATH?.trim() || undefined,
    evm: {},
  };
  const solanaRpc = url(env, 'SOLANA_RPC_URL', ['http:', 'https:']);
  if (solanaRpc) {
    options.solana = {
      rpcUrl: solanaRpc,
      wsUrl: url(env, 'SOLANA_WS_URL', ['ws:', 'wss:']),
      usdcMint: required(env, 'SOLANA_USDC_MINT', 'SOLANA_RPC_URL'),
    };
  }
  for (const chain of EVM_CHAIN_NAMES) {
    const prefix = `EVM_${chain.toUpperCase()}`;
    const rpcUrl = url(env, `${prefix}_RPC_URL`, ['http:', 'https:']);
    if (!rpcUrl) continue;
    const node: EvmNodeOptions = {
      rpcUrl,
      wsUrl: url(env, `${prefix}_WS_URL`, ['ws:', 'wss:']),
      usdc: required(env, `${prefix}_USDC`, `${prefix}_RPC_URL`),
    };
    (options.evm as Record<EvmChainName, EvmNodeOptions>)[chain] = node;
  }
  return options;
}
