// The tokenizer script a merchant page loads with <script src="{vault}/tokenizer/tokenizer.js">
// (the SDK's card fields do it for the merchant: packages/checkout-sdk/src/card-fields/). It mounts the
// vault's card-number and CVV field frames into the page and asks them for tokens; the card data stays in
// the frames, on the vault's origin, and the page only ever receives a token.
//
// "Prod or test variant" (SPEC §7): there is one script. The sandbox vault and a production vault are
// different origins (VAULT_PUBLIC_URL), each serving this same file; the variant is the origin it is
// loaded from, and the script only mounts frames of the origin it was loaded from. The hosted checkout's
// POST /api/tokenize/iframe/config answers with the URL of its own vault's script, so a merchant never
// picks it by hand.
//
// The global (version 1):
//   window.LuckyDragonTokenizer = {
//     version: 1,
//     vaultOrigin: string | null,            // the origin this script came from
//     mount(container: Element, { frameUrl, placeholder?, title?, height? }): TokenizerField,
//   }
//   TokenizerField = {
//     kind: 'card' | 'cvv', iframe: HTMLIFrameElement,
//     on('load' | 'change' | 'loaded', listener): () => void,   // 'load': the iframe element's load event;
//                                                               // 'change': any input in the frame changed;
//                                                               // 'loaded': the frame's own ready message
//     tokenize({ session? }?): Promise<{ token, brand, last4, expiresAt? }>,
//                                                               // rejects with the vault's validation message
//                                                               // ('Invalid card number', ...) or 'Unable to get token';
//                                                               // the Error's `code` is the vault's refusal code
//                                                               // (VAULT_SESSION_EXPIRED: get a fresh session, ask again)
//     destroy(): void,
//   }
// frameUrl is one of the config's frame URLs (with its signed `cfg` and its frame `session`); the script
// adds ?origin= (this page's origin, the one the frame will answer) and ?placeholder=. tokenize's
// `session` hands the frame a newer frame session (ADR 032) to use from then on.
// The script is TypeScript (src/browser/vault-tokenizer.ts), built at build time; this serves the built file.
import { browserScript } from '../../lib/browser-scripts.ts';

export { TOKENIZE_TIMEOUT_MS } from './tokenize-timeout.ts';

/** The tokenizer's text, as built (lib/browser-scripts.ts). */
export const tokenizerScript = (): string => browserScript('vault-tokenizer');
