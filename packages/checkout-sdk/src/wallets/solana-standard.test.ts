// @vitest-environment node
import { Keypair, Transaction, VersionedTransaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { signEd25519, unsignedTransfer, verifyEd25519 } from '../../test/solana-keypair-wallet.ts';
import { solanaHandlers } from './solana.ts';
import { solanaWalletFromStandard } from './solana-standard.ts';

/** A stand-in for a wallet-standard wallet (as @wallet-standard/app lists them), signing with a real Keypair. */
function standardWallet(keypair: Keypair, features: string[]) {
  const calls: { feature: string; chain?: string }[] = [];
  const signBytes = (bytes: Uint8Array) => {
    const tx = Transaction.from(bytes);
    tx.partialSign(keypair);
    return { tx, bytes: tx.serialize({ requireAllSignatures: false }) };
  };
  const all: Record<string, unknown> = {
    'solana:signTransaction': {
      signTransaction: async (input: { transaction: Uint8Array; chain?: string }) => {
        calls.push({ feature: 'solana:signTransaction', chain: input.chain });
        return [{ signedTransaction: signBytes(input.transaction).bytes }];
      },
    },
    'solana:signAndSendTransaction': {
      signAndSendTransaction: async (input: { transaction: Uint8Array; chain: string }) => {
        calls.push({ feature: 'solana:signAndSendTransaction', chain: input.chain });
        return [{ signature: signBytes(input.transaction).tx.signature! }];
      },
    },
    'solana:signMessage': {
      signMessage: async (input: { message: Uint8Array }) => [
        { signedMessage: input.message, signature: await signEd25519(keypair, input.message) },
      ],
    },
  };
  const account = { address: keypair.publicKey.toBase58(), publicKey: keypair.publicKey.toBytes(), chains: ['solana:devnet'] };
  return { wallet: { features: Object.fromEntries(features.map((f) => [f, all[f]])) }, account, calls };
}

const ALL = ['solana:signTransaction', 'solana:signAndSendTransaction', 'solana:signMessage'];

describe('solanaWalletFromStandard', () => {
  it('signs transactions and messages through the wallet-standard features', async () => {
    const payer = Keypair.generate();
    const { wallet, account, calls } = standardWallet(payer, ALL);
    const adapted = solanaWalletFromStandard(wallet, account);
    expect(adapted.publicKey?.toBase58()).toBe(payer.publicKey.toBase58());
    const handlers = solanaHandlers(adapted);

    const signed = Transaction.from(bs58.decode(await handlers.signTransaction(unsignedTransfer(payer))));
    expect(signed.verifySignatures()).toBe(true);
    expect(calls[0]).toEqual({ feature: 'solana:signTransaction', chain: 'solana:devnet' });

    const signature = await handlers.signMessage('order o-1');
    expect(await verifyEd25519(payer.publicKey.toBytes(), new TextEncoder().encode('order o-1'), bs58.decode(signature))).toBe(true);
  });

  it('sends with signAndSendTransaction and returns the base58 signature', async () => {
    const payer = Keypair.generate();
    const { wallet, account, calls } = standardWallet(payer, ALL);
    const signature = await solanaHandlers(solanaWalletFromStandard(wallet, account, { chain: 'solana:localnet' })).sendTransaction(
      unsignedTransfer(payer),
    );
    expect(bs58.decode(signature)).toHaveLength(64);
    expect(calls).toEqual([{ feature: 'solana:signAndSendTransaction', chain: 'solana:localnet' }]);
  });

  it('keeps a versioned transaction versioned', async () => {
    const payer = Keypair.generate();
    const adapted = solanaWalletFromStandard(
      {
        features: {
          'solana:signTransaction': {
            signTransaction: async ({ transaction }: { transaction: Uint8Array }) => {
              const tx = VersionedTransaction.deserialize(transaction);
              tx.sign([payer]);
              return [{ signedTransaction: tx.serialize() }];
            },
          },
        },
      },
      { address: payer.publicKey.toBase58(), publicKey: payer.publicKey.toBytes() },
    );
    const signed = VersionedTransaction.deserialize(
      bs58.decode(await solanaHandlers(adapted).signTransaction(unsignedTransfer(payer, 'v0'))),
    );
    expect(await verifyEd25519(payer.publicKey.toBytes(), signed.message.serialize(), signed.signatures[0])).toBe(true);
  });

  it("a wallet whose supportedTransactionVersions lacks 0 refuses a v0 transaction in the adapters' words, and still signs legacy", async () => {
    const payer = Keypair.generate();
    const seen: string[] = [];
    const adapted = solanaWalletFromStandard(
      {
        features: {
          'solana:signTransaction': {
            supportedTransactionVersions: ['legacy'],
            signTransaction: async ({ transaction }: { transaction: Uint8Array }) => {
              seen.push('asked');
              const tx = Transaction.from(transaction);
              tx.partialSign(payer);
              return [{ signedTransaction: tx.serialize() }];
            },
          },
        },
      },
      { address: payer.publicKey.toBase58(), publicKey: payer.publicKey.toBytes() },
    );
    const handlers = solanaHandlers(adapted);
    await expect(handlers.signTransaction(unsignedTransfer(payer, 'v0'))).rejects.toThrow(
      "Sending transaction version 0 isn't supported by this wallet",
    );
    expect(seen).toEqual([]);
    expect(Transaction.from(bs58.decode(await handlers.signTransaction(unsignedTransfer(payer)))).verifySignatures()).toBe(true);
    expect(seen).toEqual(['asked']);
  });

  it('a feature the wallet lacks gives the §8 text', async () => {
    const payer = Keypair.generate();
    const { wallet, account } = standardWallet(payer, ['solana:signAndSendTransaction']);
    const handlers = solanaHandlers(solanaWalletFromStandard(wallet, account));
    await expect(handlers.signMessage('x')).rejects.toThrow('signMessage is not supported by this wallet');
    await expect(handlers.signTransaction(unsignedTransfer(payer))).rejects.toThrow('signTransaction is not supported by this wallet');
  });
});
