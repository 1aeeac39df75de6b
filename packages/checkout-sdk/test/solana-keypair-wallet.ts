/**
 * A stand-in for a browser Solana wallet (what a wallet adapter does): signs with a real @solana/web3.js
 * Keypair. Message signatures are real Ed25519 through WebCrypto.
 */
import { Keypair, SystemProgram, Transaction, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import bs58 from 'bs58';

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
// Copies into a fresh ArrayBuffer-backed array, as WebCrypto wants.
const own = (bytes: Uint8Array) => new Uint8Array(bytes);

export async function signEd25519(keypair: Keypair, message: Uint8Array): Promise<Uint8Array> {
  const jwk = { kty: 'OKP', crv: 'Ed25519', d: b64url(keypair.secretKey.slice(0, 32)), x: b64url(keypair.publicKey.toBytes()) };
  const key = await crypto.subtle.importKey('jwk', jwk, { name: 'Ed25519' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('Ed25519', key, own(message)));
}

export async function verifyEd25519(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): Promise<boolean> {
  const key = await crypto.subtle.importKey('raw', own(publicKey), { name: 'Ed25519' }, false, ['verify']);
  return crypto.subtle.verify('Ed25519', key, own(signature), own(message));
}

export function keypairWallet(keypair: Keypair) {
  return {
    publicKey: keypair.publicKey,
    async signTransaction<T extends Transaction | VersionedTransaction>(tx: T): Promise<T> {
      if (tx instanceof VersionedTransaction) tx.sign([keypair]);
      else tx.partialSign(keypair);
      return tx;
    },
    async signMessage(message: Uint8Array) {
      return signEd25519(keypair, message);
    },
  };
}

/** An unsigned transfer from the payer, base58 serialized as the page sends it. */
export function unsignedTransfer(payer: Keypair, kind: 'legacy' | 'v0' = 'legacy'): string {
  const recentBlockhash = Keypair.generate().publicKey.toBase58();
  const instruction = SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1000 });
  if (kind === 'v0') {
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash,
      instructions: [instruction],
    }).compileToV0Message();
    return bs58.encode(new VersionedTransaction(message).serialize());
  }
  const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash }).add(instruction);
  return bs58.encode(tx.serialize({ requireAllSignatures: false, verifySignatures: false }));
}
