/**
 * Adapts a wallet-standard wallet (Phantom, Solflare, Backpack … as found by @wallet-standard/app) to the
 * SolanaWallet shape. The types are structural so the SDK needs no wallet-standard package.
 */
import type { Transaction, VersionedTransaction } from '@solana/web3.js';
import type { SolanaWallet } from '../types.ts';
import { type SolanaImporters, defaultSolanaImporters, loadSolanaDeps } from './solana-deps.ts';
import { isVersioned, serializeSolanaTransaction } from './solana-transaction.ts';

export interface StandardWalletAccountLike {
  readonly address: string;
  readonly publicKey: Uint8Array;
  readonly chains?: readonly string[];
}

/** wallet-standard's list of the transaction versions a feature takes (e.g. ['legacy', 0]). */
type TransactionVersions = readonly ('legacy' | number)[];

interface SignTransactionFeature {
  readonly supportedTransactionVersions?: TransactionVersions;
  signTransaction(
    ...inputs: { account: StandardWalletAccountLike; transaction: Uint8Array; chain?: string }[]
  ): Promise<readonly { signedTransaction: Uint8Array }[]>;
}
interface SignAndSendTransactionFeature {
  readonly supportedTransactionVersions?: TransactionVersions;
  signAndSendTransaction(
    ...inputs: { account: StandardWalletAccountLike; transaction: Uint8Array; chain: string }[]
  ): Promise<readonly { signature: Uint8Array }[]>;
}
interface SignMessageFeature {
  signMessage(
    ...inputs: { account: StandardWalletAccountLike; message: Uint8Array }[]
  ): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]>;
}

export interface StandardWalletLike {
  readonly features: Readonly<Record<string, unknown>>;
}

export const SOLANA_SIGN_TRANSACTION = 'solana:signTransaction';
export const SOLANA_SIGN_AND_SEND_TRANSACTION = 'solana:signAndSendTransaction';
export const SOLANA_SIGN_MESSAGE = 'solana:signMessage';

/**
 * Refuses, before the wallet is asked, a transaction version the wallet's feature does not list, with the
 * wallet adapters' words: the hosted checkout then prepares a legacy transaction instead (its README).
 */
function refuseUnsupportedVersion(
  d: Awaited<ReturnType<typeof loadSolanaDeps>>,
  tx: Transaction | VersionedTransaction,
  versions: TransactionVersions | undefined,
) {
  const version = isVersioned(d, tx) ? tx.version : 'legacy';
  if (versions && !versions.includes(version)) throw new Error(`Sending transaction version ${version} isn't supported by this wallet`);
}

function feature<T>(wallet: StandardWalletLike, name: string): T | undefined {
  return wallet.features[name] as T | undefined;
}

/**
 * @param chain the wallet-standard chain id; default the account's first solana chain, else 'solana:mainnet'.
 */
export function solanaWalletFromStandard(
  wallet: StandardWalletLike,
  account: StandardWalletAccountLike,
  options: { chain?: string; importers?: SolanaImporters } = {},
): SolanaWallet {
  const chain = options.chain ?? account.chains?.find((c) => c.startsWith('solana:')) ?? 'solana:mainnet';
  const deps = () => loadSolanaDeps(options.importers ?? defaultSolanaImporters);
  const signFeature = feature<SignTransactionFeature>(wallet, SOLANA_SIGN_TRANSACTION);
  const sendFeature = feature<SignAndSendTransactionFeature>(wallet, SOLANA_SIGN_AND_SEND_TRANSACTION);
  const messageFeature = feature<SignMessageFeature>(wallet, SOLANA_SIGN_MESSAGE);

  const adapted: SolanaWallet = { publicKey: { toBase58: () => account.address } };
  if (signFeature) {
    adapted.signTransaction = async <T extends Transaction | VersionedTransaction>(tx: T): Promise<T> => {
      const d = await deps();
      refuseUnsupportedVersion(d, tx, signFeature.supportedTransactionVersions);
      const [output] = await signFeature.signTransaction({ account, transaction: serializeSolanaTransaction(d, tx), chain });
      if (!output) throw new Error('The wallet returned no signed transaction');
      const signed = isVersioned(d, tx)
        ? d.web3.VersionedTransaction.deserialize(output.signedTransaction)
        : d.web3.Transaction.from(output.signedTransaction);
      return signed as T;
    };
  }
  if (sendFeature) {
    adapted.sendTransaction = async (tx) => {
      const d = await deps();
      refuseUnsupportedVersion(d, tx, sendFeature.supportedTransactionVersions);
      const [output] = await sendFeature.signAndSendTransaction({ account, transaction: serializeSolanaTransaction(d, tx), chain });
      if (!output) throw new Error('The wallet returned no signature');
      return d.bs58.encode(output.signature);
    };
  }
  if (messageFeature) {
    adapted.signMessage = async (message) => {
      const [output] = await messageFeature.signMessage({ account, message });
      if (!output) throw new Error('The wallet returned no signature');
      return output.signature;
    };
  }
  return adapted;
}
