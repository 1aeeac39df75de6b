// Wallet code touches no DOM; node keeps one realm for Uint8Array (jsdom's differs and trips @solana/buffer-layout).
// @vitest-environment node
import { Keypair, PublicKey, Transaction, TransactionInstruction, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { describe, expect, it, vi } from 'vitest';
import { PACKET_DATA_SIZE } from '../protocol.ts';
import { keypairWallet, unsignedTransfer, verifyEd25519 } from '../../test/solana-keypair-wallet.ts';
import { createWalletHandlers } from './handlers.ts';
import { type SolanaImporters, defaultSolanaImporters } from './solana-deps.ts';
import { validatePacketSize, validatePublicKey, validateSeeds, validateSignature, validateStaticAccountKeys } from './solana-rules.ts';
import { solanaHandlers } from './solana.ts';

describe('Solana signing through @solana/web3.js', () => {
  it('signs a legacy transaction with the wallet and returns it base58, message unchanged', async () => {
    const payer = Keypair.generate();
    const unsigned = unsignedTransfer(payer);
    const signed = await solanaHandlers(keypairWallet(payer)).signTransaction(unsigned);
    const tx = Transaction.from(bs58.decode(signed));
    expect(tx.verifySignatures()).toBe(true);
    expect(tx.signatures[0].publicKey.equals(payer.publicKey)).toBe(true);
    expect(tx.serializeMessage().equals(Transaction.from(bs58.decode(unsigned)).serializeMessage())).toBe(true);
  });

  it('signs a v0 versioned transaction', async () => {
    const payer = Keypair.generate();
    const unsigned = unsignedTransfer(payer, 'v0');
    const signed = VersionedTransaction.deserialize(bs58.decode(await solanaHandlers(keypairWallet(payer)).signTransaction(unsigned)));
    expect(signed.version).toBe(0);
    const message = signed.message.serialize();
    expect(await verifyEd25519(payer.publicKey.toBytes(), message, signed.signatures[0])).toBe(true);
  });

  it("hands the wallet the hosted checkout's v0 transfer as a VersionedTransaction (version 0), message unchanged, and returns it signed", async () => {
    const payer = Keypair.generate();
    // As the host prepares it with solanaTransaction 'v0': a v0 message without lookup tables, the payer paying the fee.
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: Keypair.generate().publicKey.toBase58(),
      instructions: [
        new TransactionInstruction({
          programId: new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'),
          keys: [{ pubkey: payer.publicKey, isSigner: true, isWritable: true }],
          data: Buffer.from('session-1'),
        }),
      ],
    }).compileToV0Message();
    const given: unknown[] = [];
    const inner = keypairWallet(payer);
    const wallet = {
      publicKey: payer.publicKey,
      signTransaction: <T extends Transaction | VersionedTransaction>(tx: T) => {
        given.push(tx);
        return inner.signTransaction(tx);
      },
    };
    const handlers = createWalletHandlers({ blockchain: 'solana', wallet });
    const reply = await handlers.signTransaction(bs58.encode(new VersionedTransaction(message).serialize()));
    expect(given).toHaveLength(1);
    expect(given[0]).toBeInstanceOf(VersionedTransaction);
    expect((given[0] as VersionedTransaction).version).toBe(0);
    expect(Buffer.from((given[0] as VersionedTransaction).message.serialize()).equals(Buffer.from(message.serialize()))).toBe(true);
    const signed = VersionedTransaction.deserialize(bs58.decode(reply));
    expect(signed.version).toBe(0);
    expect(await verifyEd25519(payer.publicKey.toBytes(), message.serialize(), signed.signatures[0])).toBe(true);
  });

  it('signs a message (UTF-8) and returns the 64-byte signature base58', async () => {
    const payer = Keypair.generate();
    const signature = bs58.decode(await solanaHandlers(keypairWallet(payer)).signMessage('Pay order o-1 ✓'));
    expect(signature).toHaveLength(64);
    expect(await verifyEd25519(payer.publicKey.toBytes(), new TextEncoder().encode('Pay order o-1 ✓'), signature)).toBe(true);
  });

  it('sends through the wallet’s sendTransaction with the merchant connection', async () => {
    const payer = Keypair.generate();
    const connection = { sendRawTransaction: vi.fn() };
    const sendTransaction = vi.fn(async (tx: Transaction | VersionedTransaction) => {
      (tx as Transaction).partialSign(payer);
      return bs58.encode((tx as Transaction).signature!);
    });
    const handlers = solanaHandlers({ publicKey: payer.publicKey, sendTransaction }, { connection: connection as never });
    const signature = await handlers.sendTransaction(unsignedTransfer(payer));
    expect(bs58.decode(signature)).toHaveLength(64);
    expect(sendTransaction).toHaveBeenCalledWith(expect.any(Transaction), connection);
  });

  it('a sign-only wallet: signs, then submits the signed bytes through the connection', async () => {
    const payer = Keypair.generate();
    let submitted: Uint8Array | undefined;
    // A stand-in for the RPC node's sendTransaction answer.
    const connection = {
      sendRawTransaction: vi.fn(async (raw: Uint8Array) => {
        submitted = raw;
        return bs58.encode(Transaction.from(raw).signature!);
      }),
    };
    const signature = await solanaHandlers(keypairWallet(payer), { connection: connection as never }).sendTransaction(
      unsignedTransfer(payer),
    );
    expect(Transaction.from(submitted!).verifySignatures()).toBe(true);
    expect(bs58.decode(signature)).toHaveLength(64);
  });

  it('refuses what the wallet cannot do, with the §8 texts', async () => {
    const payer = Keypair.generate();
    const bare = solanaHandlers({ publicKey: payer.publicKey });
    await expect(bare.signMessage('x')).rejects.toThrow('signMessage is not supported by this wallet');
    await expect(bare.signTransaction(unsignedTransfer(payer))).rejects.toThrow('signTransaction is not supported by this wallet');
    await expect(bare.sendTransaction(unsignedTransfer(payer))).rejects.toThrow('sendTransaction is not supported by this wallet');
  });

  it('refuses a disconnected wallet, bad base58, a malformed or oversized transaction', async () => {
    const payer = Keypair.generate();
    await expect(solanaHandlers({ ...keypairWallet(payer), publicKey: null }).signTransaction(unsignedTransfer(payer))).rejects.toThrow(
      'Wallet not connected',
    );
    const handlers = solanaHandlers(keypairWallet(payer));
    await expect(handlers.signTransaction('0OIl')).rejects.toThrow('not base58');
    await expect(handlers.signTransaction(bs58.encode(new Uint8Array([1, 2, 3])))).rejects.toThrow(/Malformed/);
    await expect(handlers.signTransaction(bs58.encode(new Uint8Array(PACKET_DATA_SIZE + 1).fill(1)))).rejects.toThrow(
      `at most ${PACKET_DATA_SIZE} bytes`,
    );
  });

  it('fails with the §8 texts when @solana/web3.js or bs58 is missing', async () => {
    const payer = Keypair.generate();
    const missing = () => Promise.reject(new Error('Cannot find module'));
    const noWeb3: SolanaImporters = { ...defaultSolanaImporters, web3: missing };
    const noBs58: SolanaImporters = { ...defaultSolanaImporters, bs58: missing };
    await expect(solanaHandlers(keypairWallet(payer), { importers: noWeb3 }).signMessage('x')).rejects.toThrow(
      '@solana/web3.js dependency is required for Solana',
    );
    await expect(solanaHandlers(keypairWallet(payer), { importers: noBs58 }).signTransaction(unsignedTransfer(payer))).rejects.toThrow(
      'bs58 dependency is required',
    );
  });
});

describe('handler choice by blockchain', () => {
  it('no blockchain: not implemented; an unknown chain: not supported', async () => {
    const none = createWalletHandlers({});
    await expect(none.sendTransaction('x')).rejects.toThrow('handleSendTransaction Not Implemented');
    await expect(none.signMessage('x')).rejects.toThrow('signMessage is not supported by this wallet');
    await expect(none.signTransaction('x')).rejects.toThrow('signTransaction is not supported by this wallet');
    const tron = createWalletHandlers({ blockchain: 'tron', wallet: { sendTransaction: async () => 'x' } });
    await expect(tron.sendTransaction('x')).rejects.toThrow('blockchain not supported!');
    await expect(tron.signMessage('x')).rejects.toThrow('blockchain not supported!');
  });
});

describe('§5 Solana limits', () => {
  it('public key 32 bytes, seeds ≤ 32, packet ≤ 1232, ≤ 256 static keys, signature 64', () => {
    expect(() => validatePublicKey(new Uint8Array(32))).not.toThrow();
    expect(() => validatePublicKey(new Uint8Array(31))).toThrow('32 bytes');
    expect(() => validateSeeds([new Uint8Array(32), new Uint8Array(0)])).not.toThrow();
    expect(() => validateSeeds([new Uint8Array(33)])).toThrow('at most 32 bytes');
    expect(() => validatePacketSize(new Uint8Array(1232))).not.toThrow();
    expect(() => validatePacketSize(new Uint8Array(1233))).toThrow('at most 1232 bytes');
    expect(() => validateStaticAccountKeys(256)).not.toThrow();
    expect(() => validateStaticAccountKeys(257)).toThrow('at most 256');
    expect(() => validateSignature(new Uint8Array(64))).not.toThrow();
    expect(() => validateSignature(new Uint8Array(63))).toThrow('64 bytes');
  });
});
