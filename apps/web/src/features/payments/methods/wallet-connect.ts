// Connecting the shopper's own wallet for the embedded checkout (ADR 020): Solana wallets that speak the
// wallet-standard (Phantom, Solflare, Backpack …, found with @wallet-standard/app) and EVM wallets injected
// as an EIP-1193 provider (window.ethereum). Each comes back as the checkout SDK's wallet shape.
import { getWallets } from '@wallet-standard/app';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { evmWalletFromEip1193, solanaWalletFromStandard } from '@store/checkout-sdk';
import type { EvmWallet, SolanaWallet } from '@store/checkout-sdk';

export const NO_SOLANA_WALLET_TEXT = 'No Solana wallet was found in this browser. Install one (Phantom, Solflare …) or pay by card.';
export const NO_EVM_WALLET_TEXT = 'No Ethereum wallet was found in this browser. Install one (MetaMask …) or pay by card.';
export const WALLET_REFUSED_TEXT = 'The wallet did not connect. Please try again.';

const SIGN_TRANSACTION = 'solana:signTransaction';
const CONNECT = 'standard:connect';

type ConnectFeature = { connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }> };
type Eip1193 = { request(args: { method: string; params?: unknown[] }): Promise<unknown> };

/** The wallet-standard wallets that can sign a Solana transaction. */
export function solanaWallets(): Wallet[] {
  return getWallets()
    .get()
    .filter((wallet) => SIGN_TRANSACTION in wallet.features && wallet.chains.some((chain) => chain.startsWith('solana:')));
}

export interface ConnectedWallet<W> {
  wallet: W;
  address: string;
  name: string;
}

/** Connects the first Solana wallet (asking it for an account when it has none yet). */
export async function connectSolanaWallet(): Promise<ConnectedWallet<SolanaWallet>> {
  const [wallet] = solanaWallets();
  if (!wallet) throw new Error(NO_SOLANA_WALLET_TEXT);
  let accounts = wallet.accounts;
  const connect = wallet.features[CONNECT] as ConnectFeature | undefined;
  if (accounts.length === 0 && connect) accounts = (await connect.connect()).accounts;
  const account = accounts.find((a) => a.chains.some((chain) => chain.startsWith('solana:'))) ?? accounts[0];
  if (!account) throw new Error(WALLET_REFUSED_TEXT);
  // wallet-standard's publicKey is a read-only byte array; the SDK only reads it.
  const like = account as unknown as Parameters<typeof solanaWalletFromStandard>[1];
  return { wallet: solanaWalletFromStandard(wallet, like), address: account.address, name: wallet.name };
}

/** Connects the injected EVM wallet (eth_requestAccounts). */
export async function connectEvmWallet(): Promise<ConnectedWallet<EvmWallet>> {
  const provider = (globalThis as { ethereum?: Eip1193 }).ethereum;
  if (!provider) throw new Error(NO_EVM_WALLET_TEXT);
  const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as unknown;
  const address = Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : null;
  if (!address) throw new Error(WALLET_REFUSED_TEXT);
  return {
    wallet: evmWalletFromEip1193(provider as Parameters<typeof evmWalletFromEip1193>[0]),
    address,
    name: 'Browser wallet',
  };
}
