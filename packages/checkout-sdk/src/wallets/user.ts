/** 'user' mode: the host sends the transaction itself; the SDK only forwards the page's request. */
import { SIGN_MESSAGE_NOT_SUPPORTED, SIGN_TRANSACTION_NOT_SUPPORTED } from '../protocol.ts';
import type { UserWallet } from '../types.ts';
import type { WalletHandlers } from './handler-types.ts';

function parsedOrText(data: string): unknown {
  try {
    return JSON.parse(data);
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
