import { createHash, createPublicKey, verify } from 'node:crypto';
import {
  LAMPORTS_PER_SOL,
  Keypair,
  PublicKey,
  Transaction,
  TransactionMessage,
  VersionedMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import bs58 from 'bs58';
import {
  ChainError,
  type ChainAdapter,
  type PreparedTransfer,
  type TransferCheck,
  type TransferHint,
  type TransferIntent,
} from '../types.ts';
import { pollUntilSettled } from '../timeout.ts';
import type { SolanaBackend } from './backend.ts';
import { splitSerializedTransaction } from './rules.ts';
import { judgeTransferMessage, parseOwner, transferInstructions } from './transfer.ts';

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function ed25519Valid(publicKey: PublicKey, message: Uint8Array, signature: Uint8Array): boolean {
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey.toBytes()).toString('base64url') },
    format: 'jwk',
  });
  return verify(null, message, key, signature);
}

/** Fees for a sandbox payer: enough SOL for many transfers. */
const SANDBOX_FEE_LAMPORTS = BigInt(LAMPORTS_PER_SOL);

export function createSolanaAdapter({ backend, usdcMint }: { backend: SolanaBackend; usdcMint: PublicKey }): ChainAdapter {
  async function checkTransfer(txId: string, intent: TransferIntent, hint?: TransferHint): Promise<TransferCheck> {
    let signatureBytes: Uint8Array;
    try {
      signatureBytes = bs58.decode(txId);
    } catch {
      signatureBytes = new Uint8Array();
    }
    if (signatureBytes.length !== 64)
      return { status: 'failed', txId, code: 'NOT_FOUND', reason: 'This is not a Solana transaction signature.' };
    const record = await backend.getTransaction(txId);
    if (record === 'pending') return { status: 'pending', txId };
    if (record === null) {
      // The sandbox executes synchronously: what it has not recorded does not exist. A real node may not have seen it yet.
      if (backend.sandbox) return { status: 'failed', txId, code: 'NOT_FOUND', reason: 'The chain knows no such transaction.' };
      const lastValid = hint?.lastValidBlockHeight;
      if (typeof lastValid === 'number' && (await backend.blockHeight()) > lastValid) {
        return { status: 'failed', txId, code: 'EXPIRED', reason: 'The transaction expired without reaching the chain.' };
      }
      return { status: 'pending', txId };
    }
    if (record.error !== null)
      return { status: 'failed', txId, code: 'REVERTED', reason: `The transaction failed on the chain (${record.error}).` };
    const verdict = judgeTransferMessage(record.message, record.loadedAddresses, intent, usdcMint);
    return verdict.ok ? { status: 'confirmed', txId } : { status: 'failed', txId, code: verdict.code, reason: verdict.reason };
  }

  const adapter: ChainAdapter = {
    chain: 'solana',
    usdc: usdcMint.toBase58(),
    chainId: null,
    sandbox: backend.sandbox,

    async prepareTransfer(intent, options = {}): Promise<PreparedTransfer> {
      const instructions = transferInstructions(intent, usdcMint);
      const { blockhash, lastValidBlockHeight } = await backend.latestBlockhash();
      const payerKey = new PublicKey(intent.payer);
      let serialized: Uint8Array;
      let message: Uint8Array;
      if (options.solanaVersion === 'v0') {
        // The same two instructions in a v0 message: no address lookup tables (every key is static), so the
        // wallet signs exactly what it sees and the checks below read it as they read a legacy one.
        const v0 = new TransactionMessage({ payerKey, recentBlockhash: blockhash, instructions }).compileToV0Message();
        const tx = new VersionedTransaction(v0);
        serialized = tx.serialize();
        message = tx.message.serialize();
      } else {
        const tx = new Transaction({ feePayer: payerKey, blockhash, lastValidBlockHeight }).add(...instructions);
        serialized = tx.serialize({ requireAllSignatures: false, verifySignatures: false });
        message = tx.serializeMessage();
      }
      splitSerializedTransaction(serialized); // our own transaction obeys the §5 limits too
      return { chain: 'solana', transaction: bs58.encode(serialized), fingerprint: sha256Hex(message), lastValidBlockHeight };
    },

    async submitSigned(signed, prepared) {
      let bytes: Uint8Array;
      try {
        bytes = bs58.decode(signed);
      } catch {
        throw new ChainError('TAMPERED', 'The signed transaction is not base58.');
      }
      let parts: ReturnType<typeof splitSerializedTransaction>;
      let message: VersionedMessage;
      try {
        parts = splitSerializedTransaction(bytes);
        message = VersionedMessage.deserialize(parts.message);
      } catch (error) {
        throw new ChainError('TAMPERED', `The signed transaction is malformed: ${(error as Error).message}.`);
      }
      if (sha256Hex(parts.message) !== prepared.fingerprint) {
        throw new ChainError('TAMPERED', 'The signed transaction is not the one prepared for this payment.');
      }
      // The fingerprint pins the message; judging it again pins it to this intent (not only to some prepared tx).
      const verdict = judgeTransferMessage(message, { writable: [], readonly: [] }, prepared.intent, usdcMint);
      if (!verdict.ok) throw new ChainError(verdict.code, verdict.reason);
      const payer = parseOwner(prepared.intent.payer, 'payer');
      const required = message.header.numRequiredSignatures;
      if (parts.signatures.length !== required || !message.staticAccountKeys[0].equals(payer)) {
        throw new ChainError('BAD_SIGNATURE', 'The transaction is not signed by the paying wallet.');
      }
      for (let i = 0; i < required; i++) {
        if (!ed25519Valid(message.staticAccountKeys[i], parts.message, parts.signatures[i])) {
          throw new ChainError('BAD_SIGNATURE', 'The transaction is not correctly signed by the paying wallet.');
        }
      }
      if (await backend.blockhashExpired(message.recentBlockhash, prepared.lastValidBlockHeight ?? null)) {
        throw new ChainError('EXPIRED', 'The transaction expired before it reached the chain; please sign it again.');
      }
      const txId = await backend.sendRaw(bytes, bs58.encode(parts.signatures[0]));
      return { txId };
    },

    checkTransfer,
    waitForTransfer: (txId, intent, { timeoutMs, ...hint }) => pollUntilSettled(() => checkTransfer(txId, intent, hint), timeoutMs, 1000),

    walletAddress: (seed) => Keypair.fromSeed(seed).publicKey.toBase58(),

    async signTransfer(intent, seed) {
      const wallet = Keypair.fromSeed(seed);
      if (!wallet.publicKey.equals(parseOwner(intent.payer, 'payer')))
        throw new ChainError('WRONG_PAYER', 'The transfer is not from the wallet whose key signs it.');
      // The same two instructions as a payment (transferChecked and the memo), fees paid by the sending wallet.
      const instructions = transferInstructions(intent, usdcMint);
      const { blockhash, lastValidBlockHeight } = await backend.latestBlockhash();
      const tx = new Transaction({ feePayer: wallet.publicKey, blockhash, lastValidBlockHeight }).add(...instructions);
      tx.sign(wallet);
      return { txId: bs58.encode(tx.signature!), signed: bs58.encode(tx.serialize()), lastValidBlockHeight };
    },

    async sendSigned(signed) {
      const bytes = bs58.decode(signed);
      await backend.sendRaw(bytes, bs58.encode(splitSerializedTransaction(bytes).signatures[0]));
    },
  };

  const tools = backend.sandboxTools;
  if (tools) {
    adapter.faucet = async (address, usdc) => {
      const owner = parseOwner(address, 'payer');
      await tools.airdrop(owner, SANDBOX_FEE_LAMPORTS);
      if (usdc > 0n) await tools.mintUsdc(owner, usdc);
      else await tools.createTokenAccount(owner);
    };
    adapter.sandboxRecipient = async () => {
      const owner = Keypair.generate().publicKey;
      await tools.createTokenAccount(owner);
      return owner.toBase58();
    };
    adapter.sandboxUsdcBalance = (address) => tools.tokenBalance(parseOwner(address, 'payer'));
  }
  return adapter;
}
