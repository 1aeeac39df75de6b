/** Frame requests answered by a Solana wallet (host-supplied signing, §5). */
import type { Connection } from '@solana/web3.js';
import { SEND_TRANSACTION_NOT_SUPPORTED, SIGN_MESSAGE_NOT_SUPPORTED, SIGN_TRANSACTION_NOT_SUPPORTED } from '../protocol.ts';
import type { SolanaWallet } from '../types.ts';
import type { WalletHandlers } from './handler-types.ts';
import { type SolanaImporters, defaultSolanaImporters, loadSolanaDeps } from './solana-deps.ts';
import { validateSignature } from './solana-rules.ts';
import { decodeSolanaTransaction, serializeSolanaTransaction } from './solana-transaction.ts';

export const WALLET_NOT_CONNECTED = 'Wallet not connected';

export interface SolanaHandlerOptions {
  connection?: Connection;
  importers?: SolanaImporters;
}

export function solanaHandlers(wallet: SolanaWallet, options: SolanaHandlerOptions = {}): WalletHandlers {
  const deps = () => loadSolanaDeps(options.importers ?? defaultSolanaImporters);
  const requireConnected = () => {
    if (!wallet.publicKey) throw new Error(WALLET_NOT_CONNECTED);
  };

  return {
    async signMessage(data) {
      if (!wallet.signMessage) throw new Error(SIGN_MESSAGE_NOT_SUPPORTED);
      requireConnected();
      const { bs58 } = await deps();
      const signature = await wallet.signMessage(new TextEncoder().encode(data));
      validateSignature(signature);
      return bs58.encode(signature);
    },

    async signTransaction(data) {
      if (!wallet.signTransaction) throw new Error(SIGN_TRANSACTION_NOT_SUPPORTED);
      requireConnected();
      const d = await deps();
      const signed = await wallet.signTransaction(decodeSolanaTransaction(d, data));
      return d.bs58.encode(serializeSolanaTransaction(d, signed));
    },

    async sendTransaction(data) {
      requireConnected();
      const d = await deps();
      const tx = decodeSolanaTransaction(d, data);
      if (wallet.sendTransaction) return wallet.sendTransaction(tx, options.connection);
      // A wallet that only signs: sign here and submit through the merchant's connection.
      if (wallet.signTransaction && options.connection) {
        const signed = await wallet.signTransaction(tx);
        return options.connection.sendRawTransaction(serializeSolanaTransaction(d, signed));
      }
      throw new Error(SEND_TRANSACTION_NOT_SUPPORTED);
    },
  };
}
