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

/** The published SDK's height message prefix: `heightChange:{id}` (issue 23). */
const HEIGHT_CHANGE_PREFIX = 'heightChange:';
/** The prefix pages before issue 23 posted (`heightChange-{id}`): still read for one release. */
const LEGACY_HEIGHT_CHANGE_PREFIX = 'heightChange-';
/**
 * The height message of one SDK instance: `heightChange:{id}`, id = the URL's `useHeightChange` value when it
 * is an id (the published SDK), else the URL's `handlerId` (our SDK, `useHeightChange=true`).
 */
export function heightChangeMethod(id: string): string {
  return `${HEIGHT_CHANGE_PREFIX}${id}`;
}
/** The instance id of a `heightChange:{id}` (or the older `heightChange-{id}`) method, or null for any other. */
export function heightChangeId(method: string): string | null {
  if (method.startsWith(HEIGHT_CHANGE_PREFIX)) return method.slice(HEIGHT_CHANGE_PREFIX.length);
  if (method.startsWith(LEGACY_HEIGHT_CHANGE_PREFIX)) return method.slice(LEGACY_HEIGHT_CHANGE_PREFIX.length);
  return null;
}
/**
 * The instance id the page reports height for, from its URL: `useHeightChange={id}` (the published SDK) or
 * `useHeightChange=true` with `handlerId={id}` (our SDK); null when height is not asked for.
 */
export function heightChangeIdFromQuery(query: URLSearchParams): string | null {
  const asked = query.get('useHeightChange');
  if (!asked || asked === 'false') return null;
  if (asked === 'true') return query.get(HANDLER_ID_PARAM) || null;
  return asked;
}

/**
 * Frame → host: sent as `JSON.stringify(message)`. The published SDK reads a message only when it has both
 * `method` and `data`, so every message the page posts carries `data` ('' when there is nothing to say).
 */
export interface FrameMessage {
  method: string;
  /** signMessage: the text; signTransaction: base58 (Solana); sendTransaction: base58 (Solana) or base64 of the EVM JSON; heightChange: px as decimal. */
  data?: string;
  info?: unknown;
}
/** A message as the page posts it: `data` always present. */
export type PostedFrameMessage = FrameMessage & { data: string };

/**
 * `info` of `success`: the published SDK's `paymentId` (and `hash` for a chain payment) beside our own fields.
 * paymentId is the hosted checkout's session id (the session is the payment the merchant knows).
 */
export interface SuccessInfo {
  paymentId: string;
  /** The chain transaction (USDC payments): the same value as txId. */
  hash?: string;
  sessionId: string;
  reference: string;
  method: 'card' | 'usdc' | 'ach';
  chain?: Chain;
  txId?: string;
  amountCents: number;
  currency: string;
}

/**
 * `info` of `authDeclined`: the published SDK's `title`, `code`, `action`, `message`, `total` (the amount as
 * shown, e.g. '$12.34') beside our own fields (`reason` is the same text as `message`).
 */
export interface AuthDeclinedInfo {
  title: string;
  code: string;
  action: string;
  message: string;
  total: string;
  sessionId: string;
  reference: string;
  reason: string;
}

/** `data` of an EVM `sendTransaction` (JSON text). value is 0x-hex wei. */
export interface EvmTransactionRequest {
  to: `0x${string}`;
  data?: `0x${string}`;
  value?: `0x${string}`;
  chainId: number;
}

/** The message as posted: `data` is always there ('' when the message has none), as the published SDK needs. */
export function encodeFrameMessage(message: FrameMessage): string {
  const posted: PostedFrameMessage = { method: message.method, data: message.data ?? '' };
  if (message.info !== undefined) posted.info = message.info;
  return JSON.stringify(posted);
}

function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
function fromBase64(text: string): string {
  const binary = atob(text);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** The `data` of an EVM sendTransaction as the published SDK reads it: base64 of the transaction's JSON. */
export function encodeEvmTransaction(tx: EvmTransactionRequest | string): string {
  return toBase64(typeof tx === 'string' ? tx : JSON.stringify(tx));
}
/**
 * The JSON text of an EVM sendTransaction's `data`: base64 of the JSON (issue 23), or the plain JSON pages
 * before it sent (read for one release). Throws when it is neither.
 */
export function decodeEvmTransactionData(data: string): string {
  const trimmed = data.trim();
  if (trimmed.startsWith('{')) return trimmed;
  try {
    return fromBase64(trimmed);
  } catch {
    throw new Error('The EVM transaction is neither base64 JSON nor JSON');
  }
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

/**
 * `tokens` as the published SDK sends it: `tokens.toString()`, the addresses comma-joined. Our SDK sent
 * the compressed JSON array before; that form is still read for one release. Undefined when missing or empty.
 */
export function readTokensParam(value: string | null | undefined): string[] | undefined {
  if (!value) return undefined;
  const older = decompressParam<unknown>(value);
  if (Array.isArray(older) && older.length && older.every((t): t is string => typeof t === 'string' && t !== '')) return older;
  const tokens = value
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return tokens.length ? tokens : undefined;
}

/**
 * The merchant page's origin the frame posts to: only ever one of the merchant's allowed origins (narrowed to
 * the `origins` parameter when given), and only one the frame can tell is its parent's: location.ancestorOrigins
 * when the browser has it, else the referrer's origin, else the one origin `origins` names. Null (post
 * nothing) rather than a guess: the first allowed origin is wrong for a merchant on the second.
 */
export function chooseParentOrigin(input: {
  allowed: readonly string[];
  /** The `origins` parameter, decoded (undefined when absent). */
  named?: unknown;
  ancestor?: string | null;
  referrer?: string | null;
}): string | null {
  const named = Array.isArray(input.named) ? input.named.filter((o): o is string => typeof o === 'string') : undefined;
  const candidates = (named ?? input.allowed).filter((o) => input.allowed.includes(o));
  if (input.ancestor) return candidates.includes(input.ancestor) ? input.ancestor : null;
  let referrer: string | null = null;
  try {
    referrer = input.referrer ? new URL(input.referrer).origin : null;
  } catch {
    referrer = null;
  }
  if (referrer && candidates.includes(referrer)) return referrer;
  if (named && candidates.length === 1) return candidates[0]!;
  return null;
}

/** The theme the page reads from the `theme` parameter. */
export interface MerchantTheme {
  primary?: string;
  background?: string;
  backgroundAccent?: string;
  textColor?: string;
  style?: CornerStyle;
}
