// Strict body/param checks of the host's routes: a 400 naming the first field at fault, nothing changed.
import { PublicKey } from '@solana/web3.js';
import type { z } from 'zod';
import type { ChainName } from './chains/index.ts';
import { AppError } from '@store/server-kit';

export function parseOr400<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  // An unknown key is named where it is (customerInfo.shoeSize), as any other field at fault.
  const field = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!].join('.') : issue.path.join('.') || 'body';
  const message = issue.code === 'unrecognized_keys' ? `Unknown field '${field}'.` : `Invalid ${field}: ${issue.message}`;
  throw new AppError(400, 'VALIDATION_FAILED', message, field);
}

/** A wallet address of the chain: a 32-byte base58 public key (Solana) or a 0x address (EVM). */
export function validAddress(chain: ChainName, address: string): boolean {
  if (chain !== 'solana') return /^0x[0-9a-fA-F]{40}$/.test(address);
  try {
    return new PublicKey(address).toBase58() === address;
  } catch {
    return false;
  }
}
