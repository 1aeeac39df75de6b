/**
 * The embedded checkout's wire protocol and the spec's constants (SPEC §3, §4, §8, §9), shared by both ends:
 * the SDK in the merchant page (host side) and the hosted purchase-v2 page (frame side) import this file
 * through `@store/checkout-sdk/protocol`. It touches no DOM, so a server or a bundled page script can use it.
 */
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from './lz.ts';

// ---------------------------------------------------------------------------------------------------------
// §9 constants
// ---------------------------------------------------------------------------------------------------------

/** The skeleton overlay hides this long after the frame reports `loaded`. */
export const EMBEDDED_OVERLAY_HIDE_DELAY_MS = 2000;
/** The frame fades in over this long (CSS opacity transition). */
export const EMBEDDED_FADE_MS = 300;
/** A tokenizer card frame counts as loaded this long after its load event. */
export const CARD_LOADED_DELAY_MS = 350;
/** The SDK reports an error when the frame has not posted `loaded` within this long (beyond the spec). */
export const DEFAULT_LOAD_TIMEOUT_MS = 30_000;
/** Default loader background of the skeleton overlay. */
export const DEFAULT_LOADER_BACKGROUND = '#ffffff';

/** Solana transaction packet limit (bytes). */
export const PACKET_DATA_SIZE = 1232;
export const SIGNATURE_LENGTH = 64;
export const PUBLIC_KEY_LENGTH = 32;
/** Maximum length of one program-derived-address seed (bytes). */
export const MAX_SEED_LENGTH = 32;
/** Versioned transactions set the top bit of the first message byte; the rest is the version. */
export const VERSION_PREFIX_MASK = 127;
/** At most this many static account keys in one transaction (§5). */
export const MAX_STATIC_ACCOUNT_KEYS = 256;

/** Normal WebSocket closure code. */
export const WS_CLOSE_CODE = 1000;
/** JSON-RPC WebSocket client defaults (§7 Blockchain); max_reconnects 0 means unlimited. */
export const WS_DEFAULTS = Object.freeze({ autoconnect: true, reconnect: true, reconnect_interval: 1000, max_reconnects: 5 });

// ---------------------------------------------------------------------------------------------------------
// §3 enums
// ---------------------------------------------------------------------------------------------------------

export const PRESENTMENT_CURRENCIES = ['USD', 'EUR', 'GBP', 'BRL', 'CAD'] as const;
export type PresentmentCurrency = (typeof PRESENTMENT_CURRENCIES)[number];

export const CARD_BRANDS = ['visa', 'masterCard', 'americanExpress', 'discover'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export const WIDGET_CARD_BRANDS = ['VISA', 'MSTR', 'AMEX', 'DISC'] as const;
export type WidgetCardBrand = (typeof WIDGET_CARD_BRANDS)[number];

export const PAYMENT_METHODS = [
  'card',
  'ach',
  'fasterPayments',
  'sepa',
  'pix',
  'usdc',
  'googlePay',
  'applePay',
  'credits',
  'crypto',
  'instantBankTransfer',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const THREE_DS_CHALLENGE_PREFERENCES = ['NoPreference', 'Frictionless', 'Challenge'] as const;
export type ThreeDsChallengePreference = (typeof THREE_DS_CHALLENGE_PREFERENCES)[number];

/** What the merchant settles in (the `settlementType` query parameter). */
export const WIDGET_CURRENCIES = ['Credits', 'USDC', 'Bank'] as const;
export type WidgetCurrency = (typeof WIDGET_CURRENCIES)[number];

export const CORNER_STYLES = ['rounded', 'sharp', 'pill'] as const;
export type CornerStyle = (typeof CORNER_STYLES)[number];

export const CHAINS = ['solana', 'polygon', 'eth', 'base', 'arbitrum'] as const;
export type Chain = (typeof CHAINS)[number];
export const EVM_CHAINS = ['polygon', 'eth', 'base', 'arbitrum'] as const;
export type EvmChain = (typeof EVM_CHAINS)[number];
/** 'user': the host sends the transaction itself. */
export const USER_BLOCKCHAIN = 'user';
export const BLOCKCHAINS = [...CHAINS, USER_BLOCKCHAIN] as const;
export type Blockchain = (typeof BLOCKCHAINS)[number];
export const DEFAULT_BLOCKCHAIN: Blockchain = 'solana';

export const PRODUCT_TYPES = [
  'inGameProduct',
  'gameOfSkill',
  'dataStorage',
  'computingResources',
  'sportsTicket',
  'eSportsTicket',
  'musicTicket',
  'conferenceTicket',
  'virtualSportsTicket',
  'virtualESportsTicket',
  'virtualMusicTicket',
  'virtualConferenceTicket',
  'alcohol',
  'DLC',
  'subscription',
  'fundACause',
  'realEstate',
  'computingContract',
  'digitalArt',
  'topUp',
  'ownershipContract',
  'inGameCurrency',
  'moneyTopUpCartItem',
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const ITEM_CLASSES = ['nft'] as const;
export type ItemClass = (typeof ITEM_CLASSES)[number];

export const DEFAULT_CURRENCY = 'USD';

export function isChain(value: unknown): value is Chain {
  return typeof value === 'string' && (CHAINS as readonly string[]).includes(value);
}
export function isEvmChain(value: unknown): value is EvmChain {
  return typeof value === 'string' && (EVM_CHAINS as readonly string[]).includes(value);
}
export function isBlockchain(value: unknown): value is Blockchain {
  return typeof value === 'string' && (BLOCKCHAINS as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------------------------------------
// §8 embedded-checkout message texts (verbatim)
// ---------------------------------------------------------------------------------------------------------

export const SIGN_MESSAGE_NOT_SUPPORTED = 'signMessage is not supported by this wallet';
export const SIGN_TRANSACTION_NOT_SUPPORTED = 'signTransaction is not supported by this wallet';
export const BS58_REQUIRED = 'bs58 dependency is required';
export const SOLANA_WEB3_REQUIRED = '@solana/web3.js dependency is required for Solana';
export const BLOCKCHAIN_NOT_SUPPORTED = 'blockchain not supported!';
export const IFRAME_NOT_DEFINED = 'Iframe not defined';
export const WINDOW_NOT_DEFINED = 'Window not defined';
export const UNABLE_TO_GET_TOKEN = 'Unable to get token';
/** The vault's code when a tokenize came with a frame session that has run out: the card fields renew it and ask again. */
export const VAULT_SESSION_EXPIRED = 'VAULT_SESSION_EXPIRED';
export const SEND_TRANSACTION_NOT_IMPLEMENTED = 'handleSendTransaction Not Implemented';
/** Beyond §8 (same wording pattern): a wallet that can neither send nor sign-and-submit. */
export const SEND_TRANSACTION_NOT_SUPPORTED = 'sendTransaction is not supported by this wallet';
/** §8 gives no text for the tokenizer's first-load failure warning; this is ours. */
export const TOKENIZER_LOAD_WARNING = 'The tokenizer script failed to load on the first attempt; waiting for its load event';

// ---------------------------------------------------------------------------------------------------------
// §4 frame messages
// ---------------------------------------------------------------------------------------------------------

export const FRAME_METHODS = Object.freeze({
  signMessage: 'signMessage',
  signTransaction: 'signTransaction',
  sendTransaction: 'sendTransaction',
  success: 'success',
  authDeclined: 'authDeclined',
  loaded: 'loaded',
  accountLinked: 'accountLinked',
} as const);
export type FrameMethod = (typeof FRAME_METHODS)[keyof typeof FRAME_METHODS];

const HEIGHT_CHANGE_PREFIX = 'heightChange-';
/** The height message of one SDK instance: `heightChange-{id}`, id = the URL's `handlerId`. */
export function heightChangeMethod(id: string): string {
  return `${HEIGHT_CHANGE_PREFIX}${id}`;
}
/** The instance id of a `heightChange-{id}` method, or null for any other method. */
export function heightChangeId(method: string): string | null {
  return method.startsWith(HEIGHT_CHANGE_PREFIX) ? method.slice(HEIGHT_CHANGE_PREFIX.length) : null;
}

/** Frame → host: sent as `JSON.stringify(message)`. */
export interface FrameMessage {
  method: string;
  /** signMessage: the text; sign/sendTransaction: base58 (Solana) or EVM JSON; heightChange: px as decimal. */
  data?: string;
  info?: unknown;
}

/** `info` of `success`. */
export interface SuccessInfo {
  sessionId: string;
  reference: string;
  method: 'card' | 'usdc';
  chain?: Chain;
  txId?: string;
  amountCents: number;
  currency: string;
}

/** `info` of `authDeclined`. */
export interface AuthDeclinedInfo {
  sessionId: string;
  reference: string;
  code: string;
  reason: string;
}

/** `data` of an EVM `sendTransaction` (JSON text). value is 0x-hex wei. */
export interface EvmTransactionRequest {
  to: `0x${string}`;
  data?: `0x${string}`;
  value?: `0x${string}`;
  chainId: number;
}

export function encodeFrameMessage(message: FrameMessage): string {
  return JSON.stringify(message);
}

/** The message a frame posted, or null when it is not one (not a string, not JSON, no string method). */
export function parseFrameMessage(raw: unknown): FrameMessage | null {
  if (typeof raw !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const { method, data, info } = parsed as Record<string, unknown>;
  if (typeof method !== 'string' || method === '') return null;
  if (data !== undefined && typeof data !== 'string') return null;
  return info === undefined ? (data === undefined ? { method } : { method, data }) : { method, data: data as string | undefined, info };
}

// Host → frame replies: the result string, or 'ERROR ' + message.
const ERROR_PREFIX = 'ERROR ';
export function errorReply(message: string): string {
  return `${ERROR_PREFIX}${message}`;
}
export type ParsedReply = { ok: true; result: string } | { ok: false; message: string };
/** Frame side: reads the host's reply to a sign/send request. */
export function parseReply(reply: unknown): ParsedReply {
  if (typeof reply !== 'string') return { ok: false, message: 'reply is not a string' };
  if (reply.startsWith(ERROR_PREFIX) || reply === 'ERROR') return { ok: false, message: reply.slice(ERROR_PREFIX.length) };
  return { ok: true, result: reply };
}

// ---------------------------------------------------------------------------------------------------------
// URL query parameters (§2); the builder lives in url.ts, the page parses with these.
// ---------------------------------------------------------------------------------------------------------

/** Query parameters whose values are `compressToEncodedURIComponent(JSON.stringify(value))`. */
export const COMPRESSED_QUERY_PARAMS = [
  'webhookInfo',
  'theme',
  'customerInfo',
  'tokens',
  'additionalWallets',
  'chargebackProtectionData',
  'origins',
  'accountFundingTransaction',
] as const;
/** Beyond §2: the per-instance id the page echoes in `heightChange-{id}`. */
export const HANDLER_ID_PARAM = 'handlerId';

export function compressParam(value: unknown): string {
  return compressToEncodedURIComponent(JSON.stringify(value));
}
/** The value of a compressed parameter, or undefined when it is missing or does not decode. */
export function decompressParam<T = unknown>(value: string | null | undefined): T | undefined {
  if (!value) return undefined;
  const json = decompressFromEncodedURIComponent(value);
  if (!json) return undefined;
  try {
    return JSON.parse(json) as T;
  } catch {
    return undefined;
  }
}

/** The theme the page reads from the `theme` parameter. */
export interface MerchantTheme {
  primary?: string;
  background?: string;
  backgroundAccent?: string;
  textColor?: string;
  style?: CornerStyle;
}
