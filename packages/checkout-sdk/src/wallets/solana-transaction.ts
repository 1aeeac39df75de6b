/** Base58 wire form ⇄ @solana/web3.js transactions, with the §5 limits checked on the way in and out. */
import type { Transaction, VersionedTransaction } from '@solana/web3.js';
import { SIGNATURE_LENGTH, VERSION_PREFIX_MASK } from '../protocol.ts';
import type { SolanaDeps } from './solana-deps.ts';
import { validatePacketSize, validateStaticAccountKeys } from './solana-rules.ts';

/** Reads Solana's compact-u16 ("shortvec") length prefix. */
function readShortVec(bytes: Uint8Array, offset: number): { value: number; next: number } {
  let value = 0;
  for (let i = 0; i < 3; i++) {
    const byte = bytes[offset + i];
    if (byte === undefined) throw new Error('Malformed transaction: truncated length');
    value |= (byte & 0x7f) << (7 * i);
    if ((byte & 0x80) === 0) return { value, next: offset + i + 1 };
  }
  throw new Error('Malformed transaction: length too long');
}

function base58Bytes(deps: SolanaDeps, text: string, what: string): Uint8Array {
  try {
    return deps.bs58.decode(text);
  } catch {
    throw new Error(`${what} is not base58`);
  }
}

/** A legacy Transaction or a v0 VersionedTransaction from its base58 serialization. */
export function decodeSolanaTransaction(deps: SolanaDeps, base58: string): Transaction | VersionedTransaction {
  const bytes = base58Bytes(deps, base58, 'The transaction');
  validatePacketSize(bytes);
  const signatures = readShortVec(bytes, 0);
  const messageStart = signatures.next + signatures.value * SIGNATURE_LENGTH;
  const prefix = bytes[messageStart];
  if (prefix === undefined) throw new Error('Malformed transaction: no message');
  const { web3 } = deps;
  try {
    // A versioned message sets the top bit of its first byte; a legacy message starts with a signer count < 128.
    if (prefix & 0x80) {
      const version = prefix & VERSION_PREFIX_MASK;
      if (version !== 0) throw new Error(`Unsupported transaction version ${version}`);
      const tx = web3.VersionedTransaction.deserialize(bytes);
      validateStaticAccountKeys(tx.message.staticAccountKeys.length);
      return tx;
    }
    const message = web3.Message.from(bytes.slice(messageStart));
    validateStaticAccountKeys(message.accountKeys.length);
    return web3.Transaction.from(bytes);
  } catch (error) {
    if (error instanceof Error && /^(Unsupported|A transaction)/.test(error.message)) throw error;
    throw new Error(`Malformed transaction: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function isVersioned(deps: SolanaDeps, tx: Transaction | VersionedTransaction): tx is VersionedTransaction {
  return tx instanceof deps.web3.VersionedTransaction || 'version' in tx;
}

/** Serialized bytes of a (possibly partly) signed transaction: other signers (e.g. the merchant) may follow. */
export function serializeSolanaTransaction(deps: SolanaDeps, tx: Transaction | VersionedTransaction): Uint8Array {
  const bytes = isVersioned(deps, tx) ? tx.serialize() : tx.serialize({ requireAllSignatures: false, verifySignatures: false });
  validatePacketSize(bytes);
  return bytes;
}
