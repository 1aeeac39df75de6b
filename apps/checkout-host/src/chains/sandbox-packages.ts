// The local sandbox chains run on development dependencies (ADR 043): litesvm for Solana, the
// @foundry-rs/anvil binary for the EVM chains. A production install (`npm ci --omit=dev`) has neither, so
// a start that would need one (demo mode with a chain that has no real node) is refused here, at once,
// with the remedy, instead of failing the first shopper who picks that chain.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { EVM_CHAIN_NAMES, type ChainOptions, type EvmChainName } from './types.ts';

/** Resolves a package the way the sandbox code will load it; throws when it is not installed. */
export type PackageResolver = (specifier: string) => string;

const resolveFromHere: PackageResolver = (specifier) => createRequire(import.meta.url).resolve(specifier);

/** The npm package holding anvil's binary for this platform (@foundry-rs/anvil installs it as an optional dependency). */
export function anvilPlatformPackage(platform: NodeJS.Platform = process.platform, arch: string = process.arch): string {
  return `@foundry-rs/anvil-${platform}-${arch === 'x64' ? 'amd64' : arch}`;
}

/** The EVM chains without a real node: each would run on a local anvil. */
export function sandboxEvmChains(options: ChainOptions): EvmChainName[] {
  return EVM_CHAIN_NAMES.filter((chain) => !options.evm?.[chain]);
}

/**
 * What the sandbox chains these options would start lack, one sentence each ([] when nothing is missing
 * or no sandbox chain is wanted). `resolve` is for tests that play a production install.
 */
export function missingSandboxPackages(options: ChainOptions, resolve: PackageResolver = resolveFromHere): string[] {
  if (options.sandboxes === false) return [];
  const problems: string[] = [];
  const installed = (specifier: string) => {
    try {
      return existsSync(resolve(specifier));
    } catch {
      return false;
    }
  };
  if (!options.solana && !installed('litesvm')) {
    problems.push(
      'the Solana sandbox chain needs the development dependency litesvm, which is not installed: run npm ci (without --omit=dev), or set SOLANA_RPC_URL and SOLANA_USDC_MINT',
    );
  }
  const evm = sandboxEvmChains(options);
  if (evm.length && !options.anvilPath && !installed(`${anvilPlatformPackage()}/package.json`)) {
    const names = evm.map((chain) => chain.toUpperCase()).join(', ');
    problems.push(
      `the local EVM chains (${names}) need anvil from the development dependency @foundry-rs/anvil, which is not installed: run npm ci (without --omit=dev), set ANVIL_PATH, or set EVM_<CHAIN>_RPC_URL and EVM_<CHAIN>_USDC for ${names}`,
    );
  }
  return problems;
}
