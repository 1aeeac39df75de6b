import type { EvmChainName } from '../types.ts';

/** The real chain ids; the local node takes the same id so a wallet sees the chain it expects. */
export const EVM_CHAIN_IDS: Record<EvmChainName, number> = { eth: 1, polygon: 137, base: 8453, arbitrum: 42161 };

export const EVM_CHAIN_LABELS: Record<EvmChainName, string> = { eth: 'Ethereum', polygon: 'Polygon', base: 'Base', arbitrum: 'Arbitrum' };
