// What the merchant receives (SPEC §2 settlementType, tokens, lockDefaultToken), checked against what the host
// can settle in: USDC, to the merchant's settlement address on the chain paid on (usdc-payments.ts). It has no
// Coinflow credits and pays out to no merchant bank account, so 'Credits' and 'Bank' are refused (400 naming
// settlementType), as is a token that is not USDC on one of its chains (400 naming tokens.N), rather than
// recorded and silently not honoured.
import { AppError } from '@store/server-kit';
import { CHAIN_NAMES, type ChainRegistry } from './chains/index.ts';
import { validAddress } from './validation.ts';

export const SETTLEMENT_TYPES = ['Credits', 'USDC', 'Bank'] as const;
export type SettlementType = (typeof SETTLEMENT_TYPES)[number];
/** The settlement types this host can pay a merchant in. */
export const HOST_SETTLEMENT_TYPES: readonly SettlementType[] = ['USDC'];

export interface SettlementChoice {
  settlementType?: SettlementType;
  tokens?: string[];
}

const refuse = (field: string, message: string) => new AppError(400, 'VALIDATION_FAILED', message, field);

/** Whether `token` names USDC: the symbol, or the USDC mint (Solana) / contract (EVM) of a chain the host takes. */
async function isUsdc(chains: ChainRegistry, token: string): Promise<boolean> {
  if (token.toUpperCase() === 'USDC') return true;
  const evm = /^0x[0-9a-fA-F]{40}$/.test(token);
  if (!evm && !validAddress('solana', token)) return false;
  for (const chain of CHAIN_NAMES.filter((c) => (c === 'solana') !== evm)) {
    // A chain that cannot be reached cannot tell: the token is not known to be its USDC.
    const adapter = await chains.get(chain).catch(() => undefined);
    if (adapter && adapter.usdc.toLowerCase() === token.toLowerCase()) return true;
  }
  return false;
}

/** Throws 400 naming the field when the host cannot settle in what the choice asks for. */
export async function checkSettlement(chains: ChainRegistry, choice: SettlementChoice): Promise<void> {
  if (choice.settlementType && !HOST_SETTLEMENT_TYPES.includes(choice.settlementType))
    throw refuse(
      'settlementType',
      `Invalid settlementType: this checkout settles only in ${HOST_SETTLEMENT_TYPES.join(', ')}, not ${choice.settlementType}.`,
    );
  for (const [i, token] of (choice.tokens ?? []).entries())
    if (!(await isUsdc(chains, token)))
      throw refuse(`tokens.${i}`, `Invalid tokens.${i}: this checkout settles only in USDC, and ${token} is not USDC on a chain it takes.`);
}
