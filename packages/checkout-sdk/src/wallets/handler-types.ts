/** What the frame router asks of a wallet: each takes the message's data and resolves with the reply text. */
export interface WalletHandlers {
  signMessage(data: string): Promise<string>;
  signTransaction(data: string): Promise<string>;
  sendTransaction(data: string): Promise<string>;
}
