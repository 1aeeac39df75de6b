// What crosses the pipe between the store and its litesvm child (litesvm-process.ts): plain values only
// (Node's 'advanced' IPC serialisation carries bigint and Uint8Array, never class instances), so keys
// travel as base58 and a recorded message as its serialised bytes.
import type { ChainErrorCode } from '../types.ts';

export type LiteSvmOp =
  | { op: 'latestBlockhash' }
  | { op: 'blockHeight' }
  | { op: 'blockhashExpired'; blockhash: string; lastValidBlockHeight: number | null }
  | { op: 'sendRaw'; serialized: Uint8Array; signature: string }
  | { op: 'getTransaction'; signature: string }
  | { op: 'airdrop'; owner: string; lamports: bigint }
  | { op: 'mintUsdc'; owner: string; amount: bigint }
  | { op: 'createTokenAccount'; owner: string; mint?: string }
  | { op: 'tokenBalance'; owner: string; mint?: string }
  | { op: 'createMint' }
  | { op: 'mintTokens'; mint: string; owner: string; amount: bigint }
  | { op: 'expireBlockhash' }
  | { op: 'send'; serialized: Uint8Array };

export interface WireTxRecord {
  message: Uint8Array;
  loadedAddresses: { writable: string[]; readonly: string[] };
  error: string | null;
}

export type LiteSvmRequest = LiteSvmOp & { id: number };

export type LiteSvmReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: { chainCode?: ChainErrorCode; message: string } };

/** The child's first message: it is ready, and this is its test USDC mint. */
export interface LiteSvmReady {
  ready: true;
  usdcMint: string;
}
