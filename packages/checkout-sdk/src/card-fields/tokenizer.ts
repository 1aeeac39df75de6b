// The vault's tokenizer script (served at {vault}/tokenizer/tokenizer.js; its source and contract are in
// apps/server/src/providers/vault/tokenizer-script.ts) and how the card fields load it.
import { TOKENIZER_LOAD_WARNING, UNABLE_TO_GET_TOKEN } from '../protocol.ts';
import { appendScript, findScript, scriptSettled } from './load-script.ts';

export interface TokenizedCard {
  /** 'card_…' for a card number (with expiry), 'cvv_…' for a CVV. */
  token: string;
  /** 'visa', 'masterCard', 'americanExpress', 'discover' or 'unknown'; '' for a CVV. */
  brand: string;
  /** '' for a CVV. */
  last4: string;
  /** ISO time the vault stops taking this token if nothing has used it (absent from older vaults). */
  expiresAt?: string;
}

export interface TokenizerField {
  kind: 'card' | 'cvv';
  iframe: HTMLIFrameElement;
  /** 'load': the iframe element's load event; 'change': an input in the frame changed; 'loaded': the frame's own ready message. */
  on(type: 'load' | 'change' | 'loaded', listener: () => void): () => void;
  /**
   * Rejects with the vault's validation message ('Invalid card number', ...) or 'Unable to get token'; the
   * Error's `code` is the vault's refusal code when there is one (VAULT_SESSION_EXPIRED). `session` hands
   * the frame a newer frame session to use from then on.
   */
  tokenize(options?: { session?: string }): Promise<TokenizedCard>;
  destroy(): void;
}

export interface TokenizerGlobal {
  version: number;
  /** The origin the script was loaded from: it mounts frames of that origin only. */
  vaultOrigin: string | null;
  mount(container: HTMLElement, options: { frameUrl: string; placeholder?: string; title?: string; height?: string }): TokenizerField;
}

export const TOKENIZER_GLOBAL = 'LuckyDragonTokenizer';
/** Each attempt at loading the script gets this long. */
export const TOKENIZER_LOAD_TIMEOUT_MS = 10_000;

export function tokenizerGlobal(): TokenizerGlobal | undefined {
  return (window as unknown as Record<string, TokenizerGlobal | undefined>)[TOKENIZER_GLOBAL];
}

/**
 * The tokenizer global, loading its script when the page does not have it yet. The first attempt uses the
 * page's own tag for the script when there is one, else a tag we add. When that attempt ends without the
 * global (the tag failed, or loaded something else), we warn (SPEC §8) and wait for the load event of a
 * fresh tag; only when that one also ends without the global do we give up.
 */
export async function loadTokenizer(scriptUrl: string, timeoutMs = TOKENIZER_LOAD_TIMEOUT_MS): Promise<TokenizerGlobal> {
  const present = tokenizerGlobal();
  if (present) return present;

  const pageTag = findScript(scriptUrl);
  const first = pageTag ?? appendScript(scriptUrl);
  // A page tag that is not done yet is still loading; once the document is complete it already has.
  if (!pageTag || document.readyState !== 'complete') await scriptSettled(first, timeoutMs);
  const loaded = tokenizerGlobal();
  if (loaded) return loaded;

  console.warn(TOKENIZER_LOAD_WARNING);
  if (!pageTag) first.remove();
  const retry = appendScript(scriptUrl);
  await scriptSettled(retry, timeoutMs);
  const tokenizer = tokenizerGlobal();
  if (tokenizer) return tokenizer;
  retry.remove();
  throw new Error(UNABLE_TO_GET_TOKEN);
}
