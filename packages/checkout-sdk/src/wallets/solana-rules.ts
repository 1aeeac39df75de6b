/**
 * The Solana limits of SPEC §5 as small validators. Each throws an Error naming the rule; the frame gets it
 * back as 'ERROR …', so a malformed or oversized transaction never reaches the wallet.
 */
import { MAX_SEED_LENGTH, MAX_STATIC_ACCOUNT_KEYS, PACKET_DATA_SIZE, PUBLIC_KEY_LENGTH, SIGNATURE_LENGTH } from '../protocol.ts';

export function validatePublicKey(bytes: Uint8Array): void {
  if (bytes.length !== PUBLIC_KEY_LENGTH) throw new Error(`A public key is ${PUBLIC_KEY_LENGTH} bytes, got ${bytes.length}`);
}

export function validateSeeds(seeds: Uint8Array[]): void {
  for (const seed of seeds) {
    if (seed.length > MAX_SEED_LENGTH) throw new Error(`A program address seed is at most ${MAX_SEED_LENGTH} bytes, got ${seed.length}`);
  }
}

export function validatePacketSize(serialized: Uint8Array): void {
  if (serialized.length > PACKET_DATA_SIZE) throw new Error(`A transaction is at most ${PACKET_DATA_SIZE} bytes, got ${serialized.length}`);
}

export function validateStaticAccountKeys(count: number): void {
  if (count > MAX_STATIC_ACCOUNT_KEYS)
    throw new Error(`A transaction has at most ${MAX_STATIC_ACCOUNT_KEYS} static account keys, got ${count}`);
}

export function validateSignature(bytes: Uint8Array): void {
  if (bytes.length !== SIGNATURE_LENGTH) throw new Error(`A signature is ${SIGNATURE_LENGTH} bytes, got ${bytes.length}`);
}
