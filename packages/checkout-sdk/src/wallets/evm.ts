/** EVM chains (polygon, eth, base, arbitrum) through viem: an EIP-1193 provider adapter and the frame handlers. */
import type { EIP1193Provider } from 'viem';
import {
  SIGN_MESSAGE_NOT_SUPPORTED,
  SIGN_TRANSACTION_NOT_SUPPORTED,
  decodeEvmTransactionData,
  type EvmTransactionRequest,
} from '../protocol.ts';
import type { EvmWallet } from '../types.ts';
import type { WalletHandlers } from './handler-types.ts';

export const VIEM_REQUIRED = 'viem dependency is required for EVM chains';

type Viem = typeof import('viem');

/** How viem is imported; tests may replace it. */
export type ViemImporter = () => Promise<Viem>;
const defaultViemImporter: ViemImporter = () => import('viem');

async function loadViem(importer: ViemImporter): Promise<Viem> {
  try {
    return await importer();
  } catch {
    throw new Error(VIEM_REQUIRED);
  }
}

const HEX = /^0x[0-9a-fA-F]*$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The `data` of an EVM sendTransaction request (base64 of the JSON, or the plain JSON of older pages), checked. */
export function parseEvmTransaction(data: string): EvmTransactionRequest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeEvmTransactionData(data));
  } catch {
    throw new Error('The EVM transaction is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null) throw new Error('The EVM transaction is not an object');
  const { to, data: callData, value, chainId } = parsed as Record<string, unknown>;
  if (typeof to !== 'string' || !ADDRESS.test(to)) throw new Error('The EVM transaction needs a 0x address in to');
  if (callData !== undefined && (typeof callData !== 'string' || !HEX.test(callData)))
    throw new Error('The EVM transaction data must be 0x-hex');
  if (value !== undefined && (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)))
    throw new Error('The EVM transaction value must be 0x-hex');
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId <= 0) throw new Error('The EVM transaction needs a chainId');
  return { to: to as `0x${string}`, data: callData as `0x${string}` | undefined, value: value as `0x${string}` | undefined, chainId };
}

/**
 * An EvmWallet over an injected EIP-1193 provider (window.ethereum, a WalletConnect provider …). Sending
 * switches the wallet to the transaction's chain (wallet_switchEthereumChain) when it is on another one.
 */
export function evmWalletFromEip1193(provider: EIP1193Provider, options: { importer?: ViemImporter } = {}): EvmWallet {
  const client = async () => {
    const viem = await loadViem(options.importer ?? defaultViemImporter);
    const wallet = viem.createWalletClient({ transport: viem.custom(provider) });
    const [account] = await wallet.requestAddresses();
    if (!account) throw new Error('The wallet has no account');
    return { viem, wallet, account };
  };
  return {
    async sendTransaction(tx) {
      const { viem, wallet, account } = await client();
      if ((await wallet.getChainId()) !== tx.chainId) await wallet.switchChain({ id: tx.chainId });
      // A minimal chain object: viem checks (eth_chainId) that the wallet is on it before eth_sendTransaction.
      const chain = viem.defineChain({
        id: tx.chainId,
        name: `chain ${tx.chainId}`,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [] } },
      });
      return wallet.sendTransaction({
        account,
        chain,
        to: tx.to,
        data: tx.data,
        value: tx.value === undefined ? undefined : viem.hexToBigInt(tx.value),
      });
    },
    async signMessage(message) {
      const { wallet, account } = await client();
      return wallet.signMessage({ account, message });
    },
  };
}

export function evmHandlers(wallet: EvmWallet): WalletHandlers {
  return {
    async signMessage(data) {
      if (!wallet.signMessage) throw new Error(SIGN_MESSAGE_NOT_SUPPORTED);
      return wallet.signMessage(data);
    },
    async signTransaction() {
      // EVM wallets send; they do not hand back signed transactions.
      throw new Error(SIGN_TRANSACTION_NOT_SUPPORTED);
    },
    async sendTransaction(data) {
      return wallet.sendTransaction(parseEvmTransaction(data));
    },
  };
}
