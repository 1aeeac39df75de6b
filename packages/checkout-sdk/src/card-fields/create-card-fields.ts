// Card fields for merchants that take cards themselves (SPEC §2 card fields, §4, §5, §8): the card number
// (with expiry) or, for a saved card, only the CVV, typed into frames of our card vault. The page never
// sees the card; it gets a token to pay with.
import { CARD_LOADED_DELAY_MS, UNABLE_TO_GET_TOKEN } from '../protocol.ts';
import type { CheckoutEnvironment } from '../types.ts';
import { apiBaseUrl } from '../url.ts';
import { fetchTokenizerConfig, type TokenizerConfig } from './config.ts';
import { loadTokenizer, type TokenizedCard, type TokenizerField } from './tokenizer.ts';

/** SPEC §2: the number is shown pretty (groups of 4) under this placeholder. */
export const CARD_NUMBER_PLACEHOLDER = '0000 0000 0000 0000';
export const CVV_PLACEHOLDER = 'CVV';
/** Limit for the config request and for each attempt at loading the tokenizer script. */
export const CARD_FIELDS_TIMEOUT_MS = 10_000;

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
  /** Called on every edit in the frame (the cached token is gone). */
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
  readonly config: TokenizerConfig;
  /** True from CARD_LOADED_DELAY_MS after the frame's load event. */
  readonly ready: boolean;
  /**
   * The token of what is typed. Rejects with 'Unable to get token' while the frame is not ready (or after
   * destroy), and with the vault's message ('Invalid card number', 'Invalid expiry date', 'Invalid CVV')
   * for invalid input. Asked twice with no edit in between, it gives the same token without asking again.
   */
  tokenize(): Promise<CardToken>;
  destroy(): void;
}

/** Fetches the config, loads the vault's tokenizer script and mounts the frame. */
export async function createCardFields(options: CardFieldsOptions): Promise<CardFields> {
  const timeoutMs = options.timeoutMs ?? CARD_FIELDS_TIMEOUT_MS;
  const config = await fetchTokenizerConfig(
    apiBaseUrl(options.env, options.apiUrl),
    {
      origins: options.origins ?? [window.location.origin],
      token: options.savedCardToken,
      merchantId: options.merchantId,
      checkoutJwt: options.checkoutJwt,
    },
    { fetcher: options.fetch ?? ((...args) => fetch(...args)), timeoutMs },
  );
  const tokenizer = await loadTokenizer(config.tokenizerScriptUrl, timeoutMs);
  const field: TokenizerField =
    config.mode === 'cvv'
      ? tokenizer.mount(options.cvvContainer ?? options.cardNumberContainer, { frameUrl: config.cvvFrameUrl, placeholder: CVV_PLACEHOLDER })
      : tokenizer.mount(options.cardNumberContainer, { frameUrl: config.cardNumberFrameUrl, placeholder: CARD_NUMBER_PLACEHOLDER });
  return track(field, config, options);
}

function track(field: TokenizerField, config: TokenizerConfig, options: CardFieldsOptions): CardFields {
  let ready = false;
  let destroyed = false;
  let readyTimer: ReturnType<typeof setTimeout> | undefined;
  let cached: CardToken | null = null;
  let inFlight: Promise<CardToken> | null = null;
  /** Bumped on every edit: an answer to a request made before the edit is not cached. */
  let edits = 0;

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
    edits += 1;
    cached = null;
    options.onChange?.();
  });

  return {
    mode: config.mode,
    config,
    get ready() {
      return ready && !destroyed;
    },
    tokenize() {
      if (destroyed || !ready) return Promise.reject(new Error(UNABLE_TO_GET_TOKEN));
      if (cached) return Promise.resolve(cached);
      if (inFlight) return inFlight;
      const asked = edits;
      const request = field
        .tokenize()
        .then((result) => {
          const token: CardToken = config.mode === 'cvv' ? { ...result, cardToken: options.savedCardToken } : result;
          if (asked === edits && !destroyed) cached = token;
          return token;
        })
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
      cached = null;
      offLoad();
      offChange();
      field.destroy();
    },
  };
}
