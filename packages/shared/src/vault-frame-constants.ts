// The card vault frames' constants, apart from the schemas (no zod): the frames' own script
// (apps/server/src/browser/: vault-fields.ts, the cashier sandbox) import them, and a module with zod
// schemas would bring zod into those scripts. The postMessage protocol between the store page and the hosted
// card frames (both sides check origins).
import type { ErrorCode } from './error-codes.ts';

export const VAULT_INVALID_CARD = 'Invalid card number';
export const VAULT_INVALID_EXPIRY = 'Invalid expiry date';
export const VAULT_INVALID_CVV = 'Invalid CVV';
export const TOKEN_UNAVAILABLE_MESSAGE = 'Unable to get token';
/** /tokenize refused the frame session because it has run out: get a new one and ask again. */
export const VAULT_SESSION_EXPIRED = 'VAULT_SESSION_EXPIRED' satisfies ErrorCode;
// SPEC §9 "Embedded checkout": the embedded checkout's constants live once, in the checkout SDK a merchant
// installs on its own (ADR 020), and the store's card vault frames follow the same rule. Named here, beside
// the vault's other frame constants, and not in ./constants.ts: the browser's first load reads that file,
// and a re-export there put the SDK's whole protocol module (and lz-string) in the app's entry chunk.
/** The card frame counts as loaded this long after its load event. */
export { CARD_LOADED_DELAY_MS as CARD_FRAME_LOADED_DELAY_MS } from '@store/checkout-sdk/protocol';
