import { describe, expect, it } from 'vitest';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { Keypair } from '@solana/web3.js';
import { chainOptionsFromEnv, createChainRegistry } from './index.ts';

describe('chainOptionsFromEnv', () => {
  it('runs every chain in the sandbox when no node is configured', () => {
    const options = chainOptionsFromEnv({});
    expect(options.solana).toBeUndefined();
    expect(options.evm).toEqual({});
    expect(createChainRegistry(options).sandbox).toBe(true);
  });

  it('reads real nodes, USDC addresses and limits', () => {
    const options = chainOptionsFromEnv({
      SOLANA_RPC_URL: 'https://api.devnet.solana.com',
      SOLANA_WS_URL: 'wss://api.devnet.solana.com',
      SOLANA_USDC_MINT: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU',
      EVM_BASE_RPC_URL: 'https://sepolia.base.org',
      EVM_BASE_USDC: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
      CHAIN_RPC_TIMEOUT_MS: '5000',
      CHAIN_WS_RECONNECT_ATTEMPTS: '0',
      EVM_CONFIRMATIONS: '3',
    });
    expect(options.solana).toEqual({
      rpcUrl: 'https://api.devnet.solana.com',
      wsUrl: 'wss://api.devnet.solana.com',
      usdcMint: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU',
    });
    expect(options.evm).toEqual({
      base: { rpcUrl: 'https://sepolia.base.org', wsUrl: undefined, usdc: '0x036CbD53842c5426634e7929541eC2318f3dCF7e' },
    });
    expect(options).toMatchObject({ rpcTimeoutMs: 5000, wsReconnectAttempts: 0, evmConfirmations: 3 });
    expect(createChainRegistry(options).sandbox).toBe(false);
  });

  it('names the variable that is wrong', () => {
    expect(() => chainOptionsFromEnv({ EVM_ETH_RPC_URL: 'http://localhost:8545' })).toThrow(/EVM_ETH_USDC/);
    expect(() => chainOptionsFromEnv({ SOLANA_RPC_URL: 'http://localhost:8899' })).toThrow(/SOLANA_USDC_MINT/);
    expect(() => chainOptionsFromEnv({ EVM_POLYGON_RPC_URL: 'ws://x', EVM_POLYGON_USDC: '0x1' })).toThrow(/EVM_POLYGON_RPC_URL/);
    expect(() => chainOptionsFromEnv({ CHAIN_RPC_TIMEOUT_MS: 'soon' })).toThrow(/CHAIN_RPC_TIMEOUT_MS/);
  });
});

describe('createChainRegistry (sandbox)', () => {
  it('starts a local node per EVM chain on first use with the real chain id, and stops it on close', async () => {
    const registry = createChainRegistry({});
    let base;
    const payer = privateKeyToAccount(generatePrivateKey()).address;
    try {
      base = await registry.get('base');
      expect(await registry.get('base')).toBe(base);
      expect(base).toMatchObject({ chain: 'base', chainId: 8453, sandbox: true });
      const chainIdAnswer = await fetch(base.sandboxRpcUrl!, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        signal: AbortSignal.timeout(5_000),
      });
      expect(await chainIdAnswer.json()).toMatchObject({ result: '0x2105' });
      await base.faucet!(payer, 7_000_000n);
      expect(await base.sandboxUsdcBalance!(payer)).toBe(7_000_000n);
      expect(JSON.parse((await base.prepareTransfer({ payer, recipient: payer, amount: 1n, reference: 'r' })).transaction)).toMatchObject({
        chainId: 8453,
        to: base.usdc,
      });

      const solana = await registry.get('solana');
      const wallet = Keypair.generate().publicKey.toBase58();
      await solana.faucet!(wallet, 3_000_000n);
      expect(await solana.sandboxUsdcBalance!(wallet)).toBe(3_000_000n);
    } finally {
      await registry.close();
    }
    // The node is gone: the adapter now finds nothing listening.
    await expect(base.sandboxUsdcBalance!(payer)).rejects.toMatchObject({ code: 'NODE_UNREACHABLE' });
    await expect(registry.get('base')).rejects.toThrow(/closed/);
  });
});
