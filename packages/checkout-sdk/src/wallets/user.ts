/** 'user' mode: the host sends the transaction itself; the SDK only forwards the page's request. */
import { SIGN_MESSAGE_NOT_SUPPORTED, SIGN_TRANSACTION_NOT_SUPPORTED, decodeEvmTransactionData } from '../protocol.ts';
import type { UserWallet } from '../types.ts';
import type { WalletHandlers } from './handler-types.ts';

/** The request as an object when it is JSON or base64 of JSON (an EVM transaction), else the text (base58 Solana). */
function parsedOrText(data: string): unknown {
  try {
    const parsed: unknown = JSON.parse(decodeEvmTransactionData(data));
    return typeof parsed === 'object' && parsed !== null ? parsed : data;
  } catch {
    return data;
  }
}

export function userHandlers(wallet: UserWallet): WalletHandlers {
  return {
    async signMessage(data) {
      if (!wallet.signMessage) throw new Error(SIGN_MESSAGE_NOT_SUPPORTED);
      return wallet.signMessage(data);
    },
    async signTransaction() {
      throw new Error(SIGN_TRANSACTION_NOT_SUPPORTED);
    },
    async sendTransaction(data) {
      const result = await wallet.sendTransaction(parsedOrText(data));
      if (typeof result !== 'string') throw new Error('sendTransaction must resolve with the transaction id as a string');
      return result;
    },
  };
}
