/**
 * @solana/web3.js and bs58 are optional peers: loaded on first use, so a merchant taking only cards or EVM
 * never bundles them. A missing package fails with the §8 text.
 */
import { BS58_REQUIRED, SOLANA_WEB3_REQUIRED } from '../protocol.ts';

export type SolanaWeb3 = typeof import('@solana/web3.js');
export interface Base58 {
  encode(bytes: Uint8Array): string;
  decode(text: string): Uint8Array;
}
export interface SolanaDeps {
  web3: SolanaWeb3;
  bs58: Base58;
}

/** How the packages are imported; tests replace it to simulate a missing package. */
export interface SolanaImporters {
  web3(): Promise<SolanaWeb3>;
  bs58(): Promise<{ default: Base58 }>;
}

export const defaultSolanaImporters: SolanaImporters = {
  web3: () => import('@solana/web3.js'),
  bs58: () => import('bs58'),
};

export async function loadSolanaDeps(importers: SolanaImporters = defaultSolanaImporters): Promise<SolanaDeps> {
  let web3: SolanaWeb3;
  try {
    web3 = await importers.web3();
  } catch {
    throw new Error(SOLANA_WEB3_REQUIRED);
  }
  let bs58: Base58;
  try {
    bs58 = (await importers.bs58()).default;
  } catch {
    throw new Error(BS58_REQUIRED);
  }
  if (!web3?.Transaction || !web3?.VersionedTransaction) throw new Error(SOLANA_WEB3_REQUIRED);
  if (typeof bs58?.encode !== 'function' || typeof bs58?.decode !== 'function') throw new Error(BS58_REQUIRED);
  return { web3, bs58 };
}
