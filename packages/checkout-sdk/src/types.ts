/**
 * Public option and callback types of the SDK. Wallet types are structural so a merchant can hand in a
 * Solana wallet adapter, a wallet-standard wallet (through solanaWalletFromStandard), an EIP-1193 provider
 * (through evmWalletFromEip1193) or its own object.
 */
import type { Connection, SendOptions, Transaction, VersionedTransaction } from '@solana/web3.js';
import type {
  AuthDeclinedInfo,
  EvmChain,
  EvmTransactionRequest,
  MerchantTheme,
  PaymentMethod,
  PresentmentCurrency,
  SuccessInfo,
  ThreeDsChallengePreference,
  WidgetCurrency,
} from './protocol.ts';

import type { InputErrorInfo } from './wire/messages.ts';

export type { AuthDeclinedInfo, EvmTransactionRequest, MerchantTheme, SuccessInfo } from './protocol.ts';
export type { InputErrorInfo } from './wire/messages.ts';

/** Where the hosted checkout runs. */
export type CheckoutEnvironment =
  /** https://checkout.luckydragon.example (api: https://api.luckydragon.example) */
  | 'prod'
  /** http://localhost:3002 (api: http://localhost:5000) */
  | 'local'
  /** https://checkout-{staging}.luckydragon.example (api: https://api-{staging}.luckydragon.example) */
  | { staging: string }
  /** A tunnel to a local checkout: the URL given serves both the page and the API. */
  | { tunnel: string };

/** What is being paid: cents in a currency, or an amount of a token. */
export type Subtotal = { cents: number; currency?: string } | { address: string; amount: number | string };

/** Lamports (1 SOL = 1e9), sent as a plain decimal integer. */
export type Lamports = bigint | number | string;

export interface AdditionalWallet {
  wallet: string;
  blockchain: string;
}

/** Every option that ends up in the checkout URL (§2). */
export interface CheckoutUrlOptions {
  merchantId: string;
  /** Default 'prod'. */
  env?: CheckoutEnvironment;
  /** Overrides the environment's base URL, e.g. 'https://checkout.example.com'. */
  baseUrl?: string;
  /** Optional path segment before the blockchain. */
  routePrefix?: string;
  /** The chain in the path (default 'solana'); also selects the wallet handlers of the frame. */
  blockchain?: string;
  /** The per-instance id (createEmbeddedCheckout sets it). */
  handlerId?: string;
  /** The payer's wallet address; taken from the wallet when not given. */
  pubkey?: string;
  sessionKey?: string;
  /** A prepared transaction: a string is sent as is, an object compressed. */
  transaction?: string | object;
  subtotal?: Subtotal;
  presentment?: PresentmentCurrency;
  webhookInfo?: Record<string, unknown>;
  theme?: MerchantTheme;
  customerInfo?: Record<string, unknown>;
  email?: string;
  supportEmail?: string;
  /** Token mint/contract addresses the shopper may pay with. */
  tokens?: string[];
  /** The skeleton overlay's colour, also sent to the page (default '#ffffff'). */
  loaderBackground?: string;
  /** The page reports its height (heightChange-{handlerId}); the frame follows it. */
  useHeightChange?: boolean;
  bankAccountLinkRedirect?: string;
  additionalWallets?: AdditionalWallet[];
  chargebackProtectionData?: unknown[];
  deviceId?: string;
  /** URL of a stylesheet the page adds. */
  merchantCss?: string;
  color?: 'white' | 'black';
  rent?: Lamports;
  nativeSolToConvert?: Lamports;
  lockDefaultToken?: boolean;
  planCode?: string;
  disableApplePay?: boolean;
  disableGooglePay?: boolean;
  settlementType?: WidgetCurrency;
  lockAmount?: boolean;
  /** Sent only when false. */
  usePermit?: boolean;
  /** A string is sent as is, an object compressed. */
  transactionSigner?: string | object;
  authOnly?: boolean;
  partialUsdcChecked?: boolean;
  jwtToken?: string;
  /** Origins the page may post to; createEmbeddedCheckout defaults it to [location.origin]. */
  origins?: string[];
  allowedPaymentMethods?: PaymentMethod[];
  threeDsChallengePreference?: ThreeDsChallengePreference;
  destinationAuthKey?: string;
  accountFundingTransaction?: Record<string, unknown>;
}

/** A Solana wallet: the shape of @solana/wallet-adapter's adapters, or solanaWalletFromStandard(...). */
export interface SolanaWallet {
  publicKey: { toBase58(): string } | null;
  signTransaction?<T extends Transaction | VersionedTransaction>(transaction: T): Promise<T>;
  /** Sends and returns the base58 signature. Wallet adapters need the `connection` option. */
  sendTransaction?<T extends Transaction | VersionedTransaction>(
    transaction: T,
    connection: Connection | undefined,
    options?: SendOptions,
  ): Promise<string>;
  signMessage?(message: Uint8Array): Promise<Uint8Array>;
}

/** An EVM wallet: evmWalletFromEip1193(window.ethereum) or your own. */
export interface EvmWallet {
  /** Sends the transaction (switching to tx.chainId first if needed) and returns the 0x hash. */
  sendTransaction(transaction: EvmTransactionRequest): Promise<string>;
  /** Returns the 0x signature of the UTF-8 message. */
  signMessage?(message: string): Promise<string>;
}

/** 'user' mode: the host sends the transaction; the SDK forwards what the page asks for. */
export interface UserWallet {
  /** The page's transaction: parsed JSON when it is JSON, else the string. Returns the id to reply. */
  sendTransaction(transaction: unknown): Promise<string>;
  signMessage?(message: string): Promise<string>;
}

/** The blockchain option and its wallet belong together. No blockchain: wallet requests are not implemented. */
export type WalletOptions =
  | { blockchain?: undefined; wallet?: undefined }
  | {
      blockchain: 'solana';
      wallet: SolanaWallet;
      /** Needed by wallet adapters to send, and to submit when the wallet can only sign. */
      connection?: Connection;
    }
  | { blockchain: EvmChain; wallet: EvmWallet }
  | { blockchain: 'user'; wallet: UserWallet };

export interface CheckoutCallbacks {
  /** The payment went through. */
  onSuccess?: (info: SuccessInfo) => void;
  /** The card authorization was declined. */
  onAuthDeclined?: (info: AuthDeclinedInfo) => void;
  /** The page's new height in CSS pixels (with useHeightChange). */
  onHeightChange?: (heightPx: number) => void;
  /**
   * A parameter or payment method the page refused (the published SDK's `inputError`): field names it and
   * message says why, naming it too. The page goes on with what it can apply.
   */
  onInputError?: (info: InputErrorInfo) => void;
  /**
   * The frame did not load in time (loadTimeoutMs), or the page refused a parameter or payment method (then a
   * CheckoutInputError, its `field` naming it; onInputError gets the same).
   */
  onError?: (error: Error) => void;
}

type UrlOptionsWithoutWallet = Omit<CheckoutUrlOptions, 'blockchain' | 'handlerId'>;

/** Options of createEmbeddedCheckout and of <EmbeddedCheckout /> (without container). */
export type EmbeddedCheckoutOptions = UrlOptionsWithoutWallet &
  WalletOptions &
  CheckoutCallbacks & {
    /** Report onError and show an error in the overlay when `loaded` has not come by then (default 30000). */
    loadTimeoutMs?: number;
    /** The frame's title attribute (accessibility); default 'Checkout'. */
    title?: string;
    /**
     * Collect the fraud device id first (loadDeviceId: the merchant record's partner id, the device-id script)
     * and pass it as `deviceId`. The frame opens once it is known, or without it after DEVICE_ID_WAIT_MS or on
     * any failure: a checkout never waits on fraud tooling. Ignored when `deviceId` is given. Default false.
     */
    collectDeviceId?: boolean;
    /** The checkout's API for collectDeviceId (it serves /merchant/view and the scripts); default the environment's. */
    apiUrl?: string;
  };

export type CreateEmbeddedCheckoutOptions = EmbeddedCheckoutOptions & { container: HTMLElement };

export interface EmbeddedCheckoutInstance {
  iframe: HTMLIFrameElement;
  /** The per-instance id (the URL's handlerId). */
  id: string;
  /** Removes the frame and overlay, stops listening and timers. Safe to call twice. */
  destroy(): void;
}
