import { LiteSVM, FailedTransactionMetadata } from 'litesvm';
import {
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  Transaction,
  VersionedMessage,
  VersionedTransaction,
  type TransactionInstruction,
} from '@solana/web3.js';
import {
  MINT_SIZE,
  MintLayout,
  TOKEN_PROGRAM_ID,
  createAssociatedTokenAccountIdempotentInstruction,
  createMintToCheckedInstruction,
  getAssociatedTokenAddressSync,
  unpackAccount,
} from '@solana/spl-token';
import bs58 from 'bs58';
import { ChainError } from '../types.ts';
import type { SolanaBackend, SolanaSandboxTools, SolanaTxRecord } from './backend.ts';
import { splitSerializedTransaction } from './rules.ts';
import { USDC_DECIMALS } from '../usdc.ts';

// litesvm has no blocks: a blockhash stays valid until expireBlockhash(); we report a nominal window.
const NOMINAL_BLOCKHASH_WINDOW = 150;
// litesvm's TransactionErrorFieldless values we name (a const enum in its typings, so not importable at runtime).
const FIELDLESS_ERRORS: Record<number, string> = {
  6: 'AlreadyProcessed',
  7: 'BlockhashNotFound',
  9: 'MissingSignatureForFee',
  11: 'SignatureFailure',
};

function errorText(failed: FailedTransactionMetadata): string {
  const err = failed.err();
  return typeof err === 'number' ? (FIELDLESS_ERRORS[err] ?? `TransactionError ${err}`) : err.toString();
}

/**
 * The in-process Solana sandbox: a LiteSVM with the SPL programs and a test USDC mint (6 decimals) whose
 * mint authority is a keypair only this process holds. litesvm keeps no readable transaction history
 * (getTransaction gives metadata, not the message), so the backend records what it executed.
 */
export function createLiteSvmBackend(): SolanaBackend & { usdcMint: PublicKey; sandboxTools: SolanaSandboxTools } {
  // Only ever called inside litesvm-process.ts, a process of its own: the native binding corrupts V8's heap
  // (LiteSVM issue #171, ADR 021), so it must never share a process with the store's database.
  const svm = new LiteSVM();
  const authority = Keypair.generate();
  svm.airdrop(authority.publicKey, 1_000n * BigInt(LAMPORTS_PER_SOL));
  const executed = new Map<string, SolanaTxRecord>();

  function createMint(): PublicKey {
    const mint = Keypair.generate().publicKey;
    const data = Buffer.alloc(MINT_SIZE);
    MintLayout.encode(
      {
        mintAuthorityOption: 1,
        mintAuthority: authority.publicKey,
        supply: 0n,
        decimals: USDC_DECIMALS,
        isInitialized: true,
        freezeAuthorityOption: 0,
        freezeAuthority: PublicKey.default,
      },
      data,
    );
    svm.setAccount(mint, {
      lamports: Number(svm.minimumBalanceForRentExemption(BigInt(MINT_SIZE))),
      data,
      owner: TOKEN_PROGRAM_ID,
      executable: false,
    });
    return mint;
  }
  const usdcMint = createMint();

  /** Executes a signed legacy or v0 transaction and records its message (a v0 one loads no lookup tables here). */
  function execute(tx: Transaction | VersionedTransaction): string {
    const bytes = tx.serialize();
    const signature = bs58.encode(tx instanceof VersionedTransaction ? tx.signatures[0] : tx.signature!);
    if (executed.has(signature)) return signature;
    const result = svm.sendTransaction(tx);
    if (result instanceof FailedTransactionMetadata) throw failure(errorText(result));
    const { message } = splitSerializedTransaction(bytes);
    executed.set(signature, {
      message: VersionedMessage.deserialize(message),
      loadedAddresses: { writable: [], readonly: [] },
      error: null,
    });
    return signature;
  }

  function byAuthority(...instructions: TransactionInstruction[]): void {
    const tx = new Transaction({ feePayer: authority.publicKey, recentBlockhash: svm.latestBlockhash() }).add(...instructions);
    tx.sign(authority);
    execute(tx);
  }

  function createTokenAccount(owner: PublicKey, mint: PublicKey = usdcMint): PublicKey {
    const ata = getAssociatedTokenAddressSync(mint, owner, true);
    byAuthority(createAssociatedTokenAccountIdempotentInstruction(authority.publicKey, ata, owner, mint));
    return ata;
  }

  function mintTokens(mint: PublicKey, owner: PublicKey, amount: bigint): void {
    const ata = createTokenAccount(owner, mint);
    byAuthority(createMintToCheckedInstruction(mint, ata, authority.publicKey, amount, USDC_DECIMALS));
  }

  // Synchronous underneath; the interface is asynchronous because the store reaches it across a process.
  const sandboxTools: SolanaSandboxTools = {
    async airdrop(owner, lamports) {
      const result = svm.airdrop(owner, lamports);
      if (result instanceof FailedTransactionMetadata) throw new Error(`airdrop failed: ${errorText(result)}`);
    },
    mintUsdc: async (owner, amount) => mintTokens(usdcMint, owner, amount),
    createTokenAccount: async (owner, mint) => createTokenAccount(owner, mint),
    async tokenBalance(owner, mint = usdcMint) {
      const ata = getAssociatedTokenAddressSync(mint, owner, true);
      const account = svm.getAccount(ata);
      if (!account) return 0n;
      return unpackAccount(ata, { ...account, data: Buffer.from(account.data) }).amount;
    },
    createMint: async () => createMint(),
    mintTokens: async (mint, owner, amount) => mintTokens(mint, owner, amount),
    expireBlockhash: async () => svm.expireBlockhash(),
    send: async (tx) => execute(tx),
  };

  return {
    sandbox: true,
    usdcMint,
    sandboxTools,
    latestBlockhash() {
      return Promise.resolve({
        blockhash: svm.latestBlockhash(),
        lastValidBlockHeight: Number(svm.getClock().slot) + NOMINAL_BLOCKHASH_WINDOW,
      });
    },
    blockHeight: () => Promise.resolve(Number(svm.getClock().slot)),
    blockhashExpired(blockhash) {
      return Promise.resolve(blockhash !== svm.latestBlockhash());
    },
    sendRaw(serialized, signature) {
      if (executed.has(signature)) return Promise.resolve(signature);
      try {
        return Promise.resolve(execute(deserializeSigned(serialized)));
      } catch (error) {
        return Promise.reject(error);
      }
    },
    getTransaction(signature) {
      return Promise.resolve(executed.get(signature) ?? null);
    },
    close: () => Promise.resolve(),
  };
}

/** The signed bytes as the transaction they are: a v0 message sets the top bit of its first byte. */
export function deserializeSigned(serialized: Uint8Array): Transaction | VersionedTransaction {
  const { message } = splitSerializedTransaction(serialized);
  return (message[0] & 0x80) !== 0 ? VersionedTransaction.deserialize(serialized) : Transaction.from(serialized);
}

function failure(errorName: string): ChainError {
  if (errorName === 'BlockhashNotFound')
    return new ChainError('EXPIRED', 'The transaction expired before it reached the chain; please sign it again.');
  if (errorName === 'SignatureFailure' || errorName === 'MissingSignatureForFee')
    return new ChainError('BAD_SIGNATURE', 'The transaction is not correctly signed.');
  return new ChainError('REVERTED', `The transaction failed on the chain (${errorName}).`);
}
