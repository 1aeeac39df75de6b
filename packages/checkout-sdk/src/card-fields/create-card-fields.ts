// Card fields for merchants that take cards themselves (SPEC §2 card fields, §4, §5, §8): the card number
// (with expiry) or, for a saved card, only the CVV, typed into frames of our card vault. The page never
// sees the card; it gets a token to pay with.
import { CARD_LOADED_DELAY_MS, UNABLE_TO_GET_TOKEN, VAULT_SESSION_EXPIRED } from '../protocol.ts';
import type { CheckoutEnvironment } from '../types.ts';
import { apiBaseUrl } from '../url.ts';
import { fetchTokenizerConfig, type TokenizerConfig } from './config.ts';
import { loadTokenizer, type TokenizedCard, type TokenizerField } from './tokenizer.ts';

/** SPEC §2: the number is shown pretty (groups of 4) under this placeholder. */
export const CARD_NUMBER_PLACEHOLDER = '0000 0000 0000 0000';
export const CVV_PLACEHOLDER = 'CVV';
/** Limit for the config request and for each attempt at loading the tokenizer script. */
export const CARD_FIELDS_TIMEOUT_MS = 10_000;
/**
 * The frame session is renewed (the config asked for again) when less than this is left of it: a shopper
 * who waits on the page can pay.
 */
export const SESSION_RENEW_MARGIN_MS = 60_000;

export interface CardFieldsOptions {
  /** The hosted checkout's API (it serves /api/tokenize/iframe/config); default the environment's. */
  apiUrl?: string;
  /** One of merchantId or checkoutJwt (the hosted page's session token). */
  merchantId?: string;
  checkoutJwt?: string;
  /**
   * The origins that may frame the fields; default this page's origin. A page inside another page's frame
   * names every origin above it too (browsers check frame-ancestors against all of them), its own first.
   * Each must be one of the merchant's allowed origins (or the hosted checkout's).
   */
  origins?: string[];
  /** A saved card's vault token: only a CVV frame is shown, and tokenize gives a CVV token. */
  savedCardToken?: string;
  /** Where the card number frame goes (also the CVV frame's place for a saved card without cvvContainer). */
  cardNumberContainer: HTMLElement;
  cvvContainer?: HTMLElement;
  /**
   * Picks the API when apiUrl is not given (default 'prod'). The tokenizer script's variant follows: the
   * sandbox and production vaults are different origins, and the API names its own vault's script.
   */
  env?: CheckoutEnvironment;
  /** Called each time the frame becomes ready, CARD_LOADED_DELAY_MS after its load event. */
  onReady?: () => void;
  /** Called on every edit in the frame. */
  onChange?: () => void;
  /** For tests and unusual runtimes. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface CardToken extends TokenizedCard {
  /** For a saved card (CVV mode): its card token, as given; the token above is then the CVV's. */
  cardToken?: string;
}

export interface CardFields {
  readonly mode: 'card' | 'cvv';
  /** The latest config (it is asked for again when its frame session is about to run out). */
  readonly config: TokenizerConfig;
  /** True from CARD_LOADED_DELAY_MS after the frame's load event. */
  readonly ready: boolean;
  /**
   * The token of what is typed. Rejects with 'Unable to get token' while the frame is not ready (or after
   * destroy), and with the vault's message ('Invalid card number', 'Invalid expiry date', 'Invalid CVV')
   * for invalid input. A token is good for one payment attempt (a new card's CVV goes with its first use,
   * ADR 038): each call asks the frame for a new one, which it makes from what is still typed, so a shopper
   * pays again after a decline without retyping. Calls made while one request is out, with no edit since,
   * share its answer.
   */
  tokenize(): Promise<CardToken>;
  destroy(): void;
}

/** Fetches the config, loads the vault's tokenizer script and mounts the frame. */
export async function createCardFields(options: CardFieldsOptions): Promise<CardFields> {
  const timeoutMs = options.timeoutMs ?? CARD_FIELDS_TIMEOUT_MS;
  const askForConfig = () =>
    fetchTokenizerConfig(
      apiBaseUrl(options.env, options.apiUrl),
      {
        origins: options.origins ?? [window.location.origin],
        token: options.savedCardToken,
        merchantId: options.merchantId,
        checkoutJwt: options.checkoutJwt,
      },
      { fetcher: options.fetch ?? ((...args) => fetch(...args)), timeoutMs },
    );
  const config = await askForConfig();
  const tokenizer = await loadTokenizer(config.tokenizerScriptUrl, timeoutMs);
  const field: TokenizerField =
    config.mode === 'cvv'
      ? tokenizer.mount(options.cvvContainer ?? options.cardNumberContainer, { frameUrl: config.cvvFrameUrl, placeholder: CVV_PLACEHOLDER })
      : tokenizer.mount(options.cardNumberContainer, { frameUrl: config.cardNumberFrameUrl, placeholder: CARD_NUMBER_PLACEHOLDER });
  return track(field, config, options, askForConfig);
}

const isExpiredSession = (err: unknown) => (err as { code?: unknown } | null)?.code === VAULT_SESSION_EXPIRED;
/** Less than the margin left before `iso` (false when there is no such time: nothing to renew). */
const runningOut = (iso: string | undefined) => {
  const at = Date.parse(iso ?? '');
  return Number.isFinite(at) && at - Date.now() < SESSION_RENEW_MARGIN_MS;
};

function track(
  field: TokenizerField,
  initialConfig: TokenizerConfig,
  options: CardFieldsOptions,
  askForConfig: () => Promise<TokenizerConfig>,
): CardFields {
  let config = initialConfig;
  let ready = false;
  let destroyed = false;
  let readyTimer: ReturnType<typeof setTimeout> | undefined;
  /** The request out now, shared by calls made before it answers and before any edit. */
  let inFlight: Promise<CardToken> | null = null;

  const offLoad = field.on('load', () => {
    // A reload of the frame starts the count again.
    ready = false;
    clearTimeout(readyTimer);
    readyTimer = setTimeout(() => {
      ready = true;
      options.onReady?.();
    }, CARD_LOADED_DELAY_MS);
  });
  const offChange = field.on('change', () => {
    // A call after an edit asks for the card as it is now (SPEC §4), not for the answer of a request already out.
    inFlight = null;
    options.onChange?.();
  });

  /** Asks the frame; with a fresh frame session first when `renew`, or when the one it has is running out. */
  async function ask(renew: boolean) {
    if (!renew && !runningOut(config.sessionExpiresAt)) return field.tokenize();
    config = await askForConfig();
    return config.session ? field.tokenize({ session: config.session }) : field.tokenize();
  }

  return {
    mode: config.mode,
    get config() {
      return config;
    },
    get ready() {
      return ready && !destroyed;
    },
    tokenize() {
      if (destroyed || !ready) return Promise.reject(new Error(UNABLE_TO_GET_TOKEN));
      if (inFlight) return inFlight;
      // A session that ran out anyway (a sleeping laptop, a clock off): renewed once, and asked again.
      const request = ask(false)
        .catch((err: unknown) => (isExpiredSession(err) && !destroyed ? ask(true) : Promise.reject(err)))
        .then((result): CardToken => (config.mode === 'cvv' ? { ...result, cardToken: options.savedCardToken } : result))
        .finally(() => {
          if (inFlight === request) inFlight = null;
        });
      inFlight = request;
      return request;
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      clearTimeout(readyTimer);
      inFlight = null;
      offLoad();
      offChange();
      field.destroy();
    },
  };
}
