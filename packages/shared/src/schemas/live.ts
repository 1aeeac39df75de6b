import type { WalletCoins } from './user.ts';

/** Events the server sends on the live connection. */
export interface ServerToClientEvents {
  notification: (payload: { type: 'success' | 'error' | 'warning' | 'info'; content: string }) => void;
  walletUpdated: (payload: { coins: WalletCoins }) => void;
  cartUpdated: (payload: { itemCount: number }) => void;
}
export interface ClientToServerEvents {
  ping: (ack: (pong: 'pong') => void) => void;
}
