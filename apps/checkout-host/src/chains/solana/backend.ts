import type { PublicKey, Transaction, VersionedMessage, VersionedTransaction } from '@solana/web3.js';

/** A transaction as the chain recorded it: its message, the addresses it loaded from lookup tables, and its error. */
export interface SolanaTxRecord {
  message: VersionedMessage;
  loadedAddresses: { writable: PublicKey[]; readonly: PublicKey[] };
  /** null when the transaction succeeded; else the chain's error, as text. */
  error: string | null;
}

/**
 * The seam between the Solana adapter (building and judging transfers) and whatever executes them:
 * litesvm in-process (the sandbox) or a real node by JSON-RPC. Errors: ChainError (EXPIRED, REVERTED,
 * NODE_UNREACHABLE).
 */
export interface SolanaBackend {
  readonly sandbox: boolean;
  /** A recent blockhash and the last block height at which a transaction using it can land. */
  latestBlockhash(): Promise<{ blockhash: string; lastValidBlockHeight: number }>;
  /** The current block height (litesvm: its slot). */
  blockHeight(): Promise<number>;
  /** True when a transaction with this blockhash can no longer land. */
  blockhashExpired(blockhash: string, lastValidBlockHeight: number | null): Promise<boolean>;
  /** Submits a signed transaction (its exact serialized bytes); resolves with the base58 signature. */
  sendRaw(serialized: Uint8Array, signature: string): Promise<string>;
  /** The recorded transaction, 'pending' when the node knows it but has not confirmed it, null when unknown. */
  getTransaction(signature: string): Promise<SolanaTxRecord | 'pending' | null>;
  /** Sandbox only: airdrop lamports, mint test USDC, create a token account. */
  sandboxTools?: SolanaSandboxTools;
  close(): Promise<void>;
}

export interface SolanaSandboxTools {
  airdrop(owner: PublicKey, lamports: bigint): Promise<void>;
  mintUsdc(owner: PublicKey, amount: bigint): Promise<void>;
  createTokenAccount(owner: PublicKey, mint?: PublicKey): Promise<PublicKey>;
  tokenBalance(owner: PublicKey, mint?: PublicKey): Promise<bigint>;
  /** A second mint (6 decimals), e.g. to prove a transfer of another token is refused. */
  createMint(): Promise<PublicKey>;
  mintTokens(mint: PublicKey, owner: PublicKey, amount: bigint): Promise<void>;
  /** Makes the current blockhash stale (litesvm expireBlockhash). */
  expireBlockhash(): Promise<void>;
  /** Executes any signed transaction (for tests: transfers built elsewhere). */
  send(tx: Transaction | VersionedTransaction): Promise<string>;
}
