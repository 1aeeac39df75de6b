// The sandbox chains run on development dependencies (ADR 043): a start that needs one on an install
// without them (`npm ci --omit=dev`) is refused with the remedy; outside demo mode no chain runs locally.
import { describe, expect, it } from 'vitest';
import { checkSandboxPackages, ConfigError, loadConfig } from '../../src/config.ts';
import { ChainError, chainOptionsFromEnv, createChainRegistry, missingSandboxPackages } from '@store/checkout-host';

/** A production install: the development dependencies are absent, everything else resolves. */
const withoutDevDependencies = (specifier: string): string => {
  if (specifier === 'litesvm' || specifier.startsWith('@foundry-rs/')) throw new Error(`Cannot find module '${specifier}'`);
  return import.meta.filename;
};

describe('the sandbox chains’ packages', () => {
  it('are installed in this development checkout', () => {
    expect(missingSandboxPackages(chainOptionsFromEnv({}))).toEqual([]);
  });

  it('missing, stop a demo start with the remedy for each chain', () => {
    let refusal: unknown;
    try {
      checkSandboxPackages(chainOptionsFromEnv({}), withoutDevDependencies);
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(ConfigError);
    const message = (refusal as Error).message;
    expect(message).toContain('litesvm');
    expect(message).toContain('SOLANA_RPC_URL');
    expect(message).toContain('@foundry-rs/anvil');
    expect(message).toContain('ANVIL_PATH');
    expect(message).toContain('POLYGON, ETH, BASE, ARBITRUM');
    expect(message).toContain('npm ci');
  });

  it('are not needed for a chain with a real node, nor with ANVIL_PATH, nor outside demo mode', () => {
    const solana = { SOLANA_RPC_URL: 'https://api.devnet.solana.com', SOLANA_USDC_MINT: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU' };
    const missing = missingSandboxPackages(chainOptionsFromEnv(solana), withoutDevDependencies);
    expect(missing).toHaveLength(1);
    expect(missing[0]).toContain('anvil');
    expect(missing[0]).not.toContain('litesvm');
    expect(missingSandboxPackages(chainOptionsFromEnv({ ...solana, ANVIL_PATH: '/opt/foundry/anvil' }), withoutDevDependencies)).toEqual(
      [],
    );
    expect(missingSandboxPackages({ ...chainOptionsFromEnv({}), sandboxes: false }, withoutDevDependencies)).toEqual([]);
  });
});

describe('outside demo mode', () => {
  it('the store runs no local chain: a chain without a node is not configured', async () => {
    const config = loadConfig({ DEMO_DATA: 'false' });
    expect(config.CHAIN_OPTIONS.sandboxes).toBe(false);
    const registry = createChainRegistry(config.CHAIN_OPTIONS);
    try {
      expect(registry.sandbox).toBe(false);
      const solana = await registry.get('solana').catch((err: unknown) => err);
      expect(solana).toBeInstanceOf(ChainError);
      expect(solana).toMatchObject({ code: 'NODE_UNREACHABLE', message: expect.stringContaining('SOLANA_RPC_URL') });
      await expect(registry.get('base')).rejects.toMatchObject({
        code: 'NODE_UNREACHABLE',
        message: expect.stringContaining('EVM_BASE_RPC_URL'),
      });
    } finally {
      await registry.close();
    }
  });

  it('in demo mode the sandboxes stay on', () => {
    expect(loadConfig({ DEMO_DATA: 'true' }).CHAIN_OPTIONS.sandboxes).toBe(true);
  });
});
