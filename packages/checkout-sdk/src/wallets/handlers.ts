/** Picks the frame's wallet handlers by the blockchain option (§8 texts when there is none or it is unknown). */
import type { Connection } from '@solana/web3.js';
import {
  BLOCKCHAIN_NOT_SUPPORTED,
  SEND_TRANSACTION_NOT_IMPLEMENTED,
  SIGN_MESSAGE_NOT_SUPPORTED,
  SIGN_TRANSACTION_NOT_SUPPORTED,
  isEvmChain,
} from '../protocol.ts';
import type { EvmWallet, SolanaWallet, UserWallet } from '../types.ts';
import { evmHandlers } from './evm.ts';
import type { WalletHandlers } from './handler-types.ts';
import type { SolanaImporters } from './solana-deps.ts';
import { solanaHandlers } from './solana.ts';
import { userHandlers } from './user.ts';

function failing(signMessage: string, signTransaction: string, sendTransaction: string): WalletHandlers {
  return {
    signMessage: () => Promise.reject(new Error(signMessage)),
    signTransaction: () => Promise.reject(new Error(signTransaction)),
    sendTransaction: () => Promise.reject(new Error(sendTransaction)),
  };
}

export interface WalletHandlerInput {
  blockchain?: string;
  wallet?: SolanaWallet | EvmWallet | UserWallet;
  connection?: Connection;
  solanaImporters?: SolanaImporters;
}

export function createWalletHandlers(input: WalletHandlerInput): WalletHandlers {
  const { blockchain, wallet } = input;
  if (blockchain === undefined || wallet === undefined) {
    return failing(SIGN_MESSAGE_NOT_SUPPORTED, SIGN_TRANSACTION_NOT_SUPPORTED, SEND_TRANSACTION_NOT_IMPLEMENTED);
  }
  if (blockchain === 'solana') {
    return solanaHandlers(wallet as SolanaWallet, { connection: input.connection, importers: input.solanaImporters });
  }
  if (isEvmChain(blockchain)) return evmHandlers(wallet as EvmWallet);
  if (blockchain === 'user') return userHandlers(wallet as UserWallet);
  return failing(BLOCKCHAIN_NOT_SUPPORTED, BLOCKCHAIN_NOT_SUPPORTED, BLOCKCHAIN_NOT_SUPPORTED);
}
