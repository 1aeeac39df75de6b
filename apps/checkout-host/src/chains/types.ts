// The chain adapters' one view of a blockchain (issue 11 contract, "Chain adapter interface"; ADR 021).
// The hosted checkout (apps/checkout-host) builds, submits and verifies USDC transfers only through
// these calls; which node answers (in-process litesvm, a local anvil node, a real node by JSON-RPC) is
// the registry's business.

export type ChainName = 'solana' | 'polygon' | 'eth' | 'base' | 'arbitrum';
export type EvmChainName = Exclude<ChainName, 'solana'>;
export const CHAIN_NAMES: readonly ChainName[] = ['solana', 'polygon', 'eth', 'base', 'arbitrum'];
export const EVM_CHAIN_NAMES: readonly EvmChainName[] = ['polygon', 'eth', 'base', 'arbitrum'];

/**
 * One USDC payment a session expects.
 * solana: payer/recipient are wallet (owner) public keys (base58); the transfer is an SPL transferChecked of
 *   USDC from the payer's associated token account to the recipient's (created by the host for the
 *   merchant), carrying `reference` (the session id), which binds a signed tx to one session.
 * evm: payer/recipient are 0x addresses; the transfer is USDC.transfer(recipient, amount).
 * amount: USDC base units (6 decimals: cents × 10_000).
 */
export interface TransferIntent {
  payer: string;
  recipient: string;
  amount: bigint;
  reference: string;
}

export interface PreparedTransfer {
  chain: ChainName;
  /**
   * solana: base58 of the unsigned serialized transaction (fee payer = payer): a legacy Transaction, or a v0
   * VersionedTransaction (no lookup tables) when prepared with solanaVersion 'v0'. evm: JSON {to,data,value,chainId}.
   */
  transaction: string;
  /** solana: sha256 hex of the message bytes the payer must sign (the host keeps it); evm: ''. */
  fingerprint: string;
  /** solana: the blockhash's last valid block height; evm: null. */
  lastValidBlockHeight: number | null;
}

/** The two forms of Solana transaction a wallet may be asked to sign: legacy, or a v0 versioned one. */
export type SolanaTransactionVersion = 'legacy' | 'v0';
export const SOLANA_TRANSACTION_VERSIONS: readonly SolanaTransactionVersion[] = ['legacy', 'v0'];

export interface PrepareOptions {
  solanaVersion?: SolanaTransactionVersion;
}

export type TransferFailure =
  | 'EXPIRED'
  | 'WRONG_AMOUNT'
  | 'WRONG_TOKEN'
  | 'WRONG_RECIPIENT'
  | 'WRONG_PAYER'
  | 'WRONG_REFERENCE'
  | 'NOT_A_TRANSFER'
  | 'TAMPERED'
  | 'REVERTED'
  | 'NOT_FOUND'
  | 'BAD_SIGNATURE';

export type ChainErrorCode = TransferFailure | 'NODE_UNREACHABLE';

/** A refusal (a bad signed tx) or a fault (the node is down); `message` is fit to show the shopper. */
export class ChainError extends Error {
  readonly code: ChainErrorCode;
  constructor(code: ChainErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChainError';
    this.code = code;
  }
}

export type TransferCheck =
  | { status: 'confirmed'; txId: string }
  | { status: 'pending'; txId: string }
  | { status: 'failed'; txId: string; code: TransferFailure; reason: string };

/** A transfer the host signed from a wallet it holds (a refund): its id, the bytes to send, and (solana) its blockhash's last valid height. */
export interface SignedTransfer {
  txId: string;
  signed: string;
  lastValidBlockHeight: number | null;
}

export interface TransferHint {
  lastValidBlockHeight?: number | null;
}

export interface ChainAdapter {
  readonly chain: ChainName;
  /** USDC mint (solana) / contract (evm) address. */
  readonly usdc: string;
  /** evm: the chain id a wallet must be on (the real chain's id, also for the local node); solana: null. */
  readonly chainId: number | null;
  /** True when this adapter runs against the local sandbox chain (litesvm / our anvil), false against a real node. */
  readonly sandbox: boolean;
  /** options.solanaVersion (solana only; default 'legacy'): the transaction's form; evm ignores it. */
  prepareTransfer(intent: TransferIntent, options?: PrepareOptions): Promise<PreparedTransfer>;
  /** signTransaction mode (solana): checks the signed tx is exactly the prepared one (fingerprint), correctly
   * signed and unexpired, submits it; resolves with its txId (signature). Throws ChainError. */
  submitSigned(
    signed: string,
    prepared: { fingerprint: string; intent: TransferIntent; lastValidBlockHeight?: number | null },
  ): Promise<{ txId: string }>;
  /**
   * Reads a submitted or host-sent tx from the chain: confirmed only when it is exactly the intent's transfer.
   * hint (optional, solana): the prepared lastValidBlockHeight; a tx a real node does not know whose blockhash
   * has expired is then failed EXPIRED (it can never land) instead of pending.
   */
  checkTransfer(txId: string, intent: TransferIntent, hint?: TransferHint): Promise<TransferCheck>;
  /** checkTransfer until not pending or timeoutMs passed (then pending). */
  waitForTransfer(txId: string, intent: TransferIntent, opts: { timeoutMs: number } & TransferHint): Promise<TransferCheck>;
  /**
   * A wallet the host holds the key of (its sandbox settlement wallets, which refunds are sent from): the
   * address of the wallet whose key is made from this 32-byte seed (solana: ed25519 seed; evm: private key).
   */
  walletAddress(seed: Uint8Array): string;
  /**
   * Builds the intent's transfer from the seed's wallet (intent.payer must be its address) and signs it: the
   * transaction id is known before anything is sent, so it can be recorded first. `signed` is what sendSigned
   * takes; sending the same bytes again lands at most once (one signature / one nonce). Throws ChainError.
   */
  signTransfer(intent: TransferIntent, seed: Uint8Array): Promise<SignedTransfer>;
  /** Sends a transfer signTransfer made. Throws ChainError (NODE_UNREACHABLE: it may or may not have been sent). */
  sendSigned(signed: string): Promise<void>;
  /** Sandbox only (undefined against a real node): gives the address gas/fees money and `usdc` test USDC base units. */
  faucet?(address: string, usdc: bigint): Promise<void>;
  /** Sandbox only: a fresh merchant settlement address the host can receive at (solana: creates its token account). */
  sandboxRecipient?(): Promise<string>;
  /** Sandbox only (EVM): the local node's HTTP JSON-RPC URL (a random port), for a test wallet to send through. */
  readonly sandboxRpcUrl?: string;
  /** Sandbox only: the USDC balance (base units) of a wallet (solana: of its associated token account). For tests and the sandbox UI. */
  sandboxUsdcBalance?(address: string): Promise<bigint>;
}

export interface ChainRegistry {
  get(chain: ChainName): Promise<ChainAdapter>;
  /** True when no real node is configured for any chain (every chain runs locally). */
  sandbox: boolean;
  /** Stops the local nodes (anvil child processes) and closes WebSocket transports (close code 1000). */
  close(): Promise<void>;
}

/** A real node for one chain; absent → that chain runs in the sandbox (litesvm / a local anvil). */
export interface SolanaNodeOptions {
  /** JSON-RPC over HTTP, e.g. http://127.0.0.1:8899 (SOLANA_RPC_URL). */
  rpcUrl: string;
  /** JSON-RPC over WebSocket (SOLANA_WS_URL); default: derived by web3.js from rpcUrl (ws(s)://, port + 1). */
  wsUrl?: string;
  /** The USDC mint on that cluster (SOLANA_USDC_MINT); required with rpcUrl. */
  usdcMint: string;
}

export interface EvmNodeOptions {
  /** JSON-RPC over HTTP (EVM_<CHAIN>_RPC_URL). */
  rpcUrl: string;
  /** JSON-RPC over WebSocket (EVM_<CHAIN>_WS_URL); optional: without it everything goes over HTTP. */
  wsUrl?: string;
  /** The USDC ERC-20 contract on that chain (EVM_<CHAIN>_USDC); required with rpcUrl. */
  usdc: string;
}

export interface ChainOptions {
  solana?: SolanaNodeOptions;
  evm?: Partial<Record<EvmChainName, EvmNodeOptions>>;
  /** Every RPC call's time limit (CHAIN_RPC_TIMEOUT_MS, default 10_000). */
  rpcTimeoutMs?: number;
  /** Blocks, counting its own, an EVM transfer needs before it counts as confirmed (EVM_CONFIRMATIONS, default 1 = mined). */
  evmConfirmations?: number;
  /** WebSocket reconnect: tries (CHAIN_WS_RECONNECT_ATTEMPTS, default 5, 0 = unlimited) and delay (CHAIN_WS_RECONNECT_DELAY_MS, default 1000). */
  wsReconnectAttempts?: number;
  wsReconnectDelayMs?: number;
  /** The anvil executable for local EVM nodes (ANVIL_PATH; default the @foundry-rs/anvil package's binary). */
  anvilPath?: string;
  /** How long a local anvil may take to answer eth_chainId after spawn (default 30_000). */
  anvilStartTimeoutMs?: number;
  /**
   * Whether a chain without a real node runs on a local sandbox (litesvm, anvil: development dependencies,
   * ADR 043). Default true; the store passes its demo mode, so outside it such a chain is not offered.
   */
  sandboxes?: boolean;
}
