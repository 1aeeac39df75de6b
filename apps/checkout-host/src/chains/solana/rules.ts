// SPEC §5 / §9 blockchain rules for Solana transactions, checked on every transaction we build or accept.
export const PACKET_DATA_SIZE = 1232;
export const MAX_STATIC_ACCOUNT_KEYS = 256;
export const SIGNATURE_LENGTH = 64;
export const PUBLIC_KEY_LENGTH = 32;
export const MAX_SEED_LENGTH = 32;
/** The high bit of a message's first byte marks a versioned message; the low 7 bits are the version. */
export const VERSION_PREFIX_MASK = 0x7f;

/** Reads a compact-u16 (shortvec) at `offset`: [value, bytes used]. */
function readCompactU16(bytes: Uint8Array, offset: number): [number, number] {
  let value = 0;
  for (let i = 0; i < 3; i++) {
    const byte = bytes[offset + i];
    if (byte === undefined) throw new Error('truncated length');
    value |= (byte & 0x7f) << (7 * i);
    if ((byte & 0x80) === 0) return [value, i + 1];
  }
  throw new Error('length too long');
}

/**
 * Splits a serialized transaction into its signatures and the exact message bytes they sign, checking the
 * §5 limits on the way. Throws an Error naming the broken rule.
 */
export function splitSerializedTransaction(bytes: Uint8Array): { signatures: Uint8Array[]; message: Uint8Array } {
  if (bytes.length > PACKET_DATA_SIZE) throw new Error(`the transaction is ${bytes.length} bytes; at most ${PACKET_DATA_SIZE} are allowed`);
  const [count, used] = readCompactU16(bytes, 0);
  const signaturesEnd = used + count * SIGNATURE_LENGTH;
  if (count === 0 || signaturesEnd >= bytes.length) throw new Error('the transaction has no signatures section or no message');
  const signatures: Uint8Array[] = [];
  for (let i = 0; i < count; i++) signatures.push(bytes.subarray(used + i * SIGNATURE_LENGTH, used + (i + 1) * SIGNATURE_LENGTH));
  const message = bytes.subarray(signaturesEnd);
  // Legacy message: 3 header bytes then the static keys; versioned: one prefix byte first.
  const keysOffset = (message[0] & 0x80) !== 0 ? 4 : 3;
  const [keyCount, keyLenBytes] = readCompactU16(message, keysOffset);
  if (keyCount > MAX_STATIC_ACCOUNT_KEYS)
    throw new Error(`the transaction has ${keyCount} static account keys; at most ${MAX_STATIC_ACCOUNT_KEYS} are allowed`);
  if (keysOffset + keyLenBytes + keyCount * PUBLIC_KEY_LENGTH > message.length) throw new Error('the account keys are truncated');
  return { signatures, message };
}
