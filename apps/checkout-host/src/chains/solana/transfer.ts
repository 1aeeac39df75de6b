import { ComputeBudgetProgram, PublicKey, TransactionInstruction, type VersionedMessage } from '@solana/web3.js';
import { TOKEN_PROGRAM_ID, TokenInstruction, createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { ChainError, type TransferFailure, type TransferIntent } from '../types.ts';
import { USDC_DECIMALS } from '../usdc.ts';

/** The SPL Memo program (v2; present in litesvm's default programs), and v1 which some wallets still use. */
export const MEMO_PROGRAM_ID = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');
const MEMO_V1_PROGRAM_ID = new PublicKey('Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo');

export function parseOwner(address: string, role: 'payer' | 'recipient'): PublicKey {
  const code = role === 'payer' ? 'WRONG_PAYER' : 'WRONG_RECIPIENT';
  let key: PublicKey;
  try {
    key = new PublicKey(address);
  } catch {
    throw new ChainError(code, `The ${role} address is not a Solana public key.`);
  }
  // A wallet is an ed25519 key; an off-curve address (a program-derived one) cannot sign or own this transfer.
  if (!PublicKey.isOnCurve(key.toBytes())) throw new ChainError(code, `The ${role} address is not a wallet address.`);
  return key;
}

/** The two instructions of a payment: transferChecked of USDC from the payer's token account to the recipient's, and the memo with the reference. */
export function transferInstructions(intent: TransferIntent, mint: PublicKey): TransactionInstruction[] {
  if (intent.amount <= 0n) throw new ChainError('WRONG_AMOUNT', 'The amount must be positive.');
  if (!intent.reference) throw new ChainError('WRONG_REFERENCE', 'The payment has no reference.');
  const payer = parseOwner(intent.payer, 'payer');
  const recipient = parseOwner(intent.recipient, 'recipient');
  const source = getAssociatedTokenAddressSync(mint, payer);
  const destination = getAssociatedTokenAddressSync(mint, recipient);
  return [
    createTransferCheckedInstruction(source, mint, destination, payer, intent.amount, USDC_DECIMALS),
    new TransactionInstruction({ programId: MEMO_PROGRAM_ID, keys: [], data: Buffer.from(intent.reference, 'utf8') }),
  ];
}

type Verdict = { ok: true } | { ok: false; code: TransferFailure; reason: string };
const fail = (code: TransferFailure, reason: string): Verdict => ({ ok: false, code, reason });

/**
 * Judges a recorded or signed message against the intent: it must carry exactly one SPL transferChecked
 * (of intent.amount USDC, payer's token account → recipient's, signed by the payer) and a memo equal to the
 * reference; besides those only compute-budget instructions (wallets add them) are allowed.
 */
export function judgeTransferMessage(
  message: VersionedMessage,
  loadedAddresses: { writable: PublicKey[]; readonly: PublicKey[] },
  intent: TransferIntent,
  usdcMint: PublicKey,
): Verdict {
  const keys = [...message.staticAccountKeys, ...loadedAddresses.writable, ...loadedAddresses.readonly];
  const transfers: { accounts: PublicKey[]; data: Uint8Array }[] = [];
  const memos: string[] = [];
  for (const ix of message.compiledInstructions) {
    const program = keys[ix.programIdIndex];
    const accounts = ix.accountKeyIndexes.map((i) => keys[i]);
    if (!program || accounts.some((a) => !a)) return fail('NOT_A_TRANSFER', 'The transaction refers to accounts it does not list.');
    if (program.equals(TOKEN_PROGRAM_ID)) transfers.push({ accounts, data: ix.data });
    else if (program.equals(MEMO_PROGRAM_ID) || program.equals(MEMO_V1_PROGRAM_ID)) memos.push(Buffer.from(ix.data).toString('utf8'));
    else if (!program.equals(ComputeBudgetProgram.programId))
      return fail('NOT_A_TRANSFER', `The transaction calls another program (${program.toBase58()}).`);
  }
  const [transfer] = transfers;
  if (transfers.length !== 1 || transfer.data[0] !== TokenInstruction.TransferChecked || transfer.data.length !== 10) {
    return fail('NOT_A_TRANSFER', 'The transaction is not a single token transfer.');
  }
  if (!memos.includes(intent.reference)) return fail('WRONG_REFERENCE', 'The transaction belongs to another payment.');
  const [source, mint, destination, owner] = transfer.accounts;
  const amount = Buffer.from(transfer.data).readBigUInt64LE(1);
  if (!mint.equals(usdcMint) || transfer.data[9] !== USDC_DECIMALS)
    return fail('WRONG_TOKEN', 'The transaction transfers another token, not USDC.');
  const payer = new PublicKey(intent.payer);
  if (!owner.equals(payer) || !source.equals(getAssociatedTokenAddressSync(usdcMint, payer))) {
    return fail('WRONG_PAYER', 'The transfer is not from the paying wallet.');
  }
  if (!destination.equals(getAssociatedTokenAddressSync(usdcMint, new PublicKey(intent.recipient)))) {
    return fail('WRONG_RECIPIENT', "The transfer does not go to the merchant's account.");
  }
  if (amount !== intent.amount) return fail('WRONG_AMOUNT', `The transfer is of ${amount} base units, not ${intent.amount}.`);
  return { ok: true };
}
