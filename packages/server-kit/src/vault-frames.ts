// The card vault's frame contract (ADR 032): what a page that frames the vault's card fields (the store's
// pay page, the hosted checkout's tokenizer config) names and is given. The vault signs and checks them
// (apps/server providers/vault); this is only their shape and the rules both sides apply.

/** A configuration names at most this many parent origins (a merchant page and the hosted checkout, with room). */
export const FRAME_CONFIG_MAX_ORIGINS = 5;

/** An origin exactly as the browser reports it: scheme, host and port only, http(s). */
export function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

export type FrameSessionKind = 'shopper' | 'checkout' | 'merchant';

/** Who a frame session was given to: the per-shopper tokenize limit counts by it. */
export interface FrameSessionSubject {
  kind: FrameSessionKind;
  /** The shopper's user id, the hosted-checkout session's id, or the merchant's id. */
  id: string;
}

export interface FrameSessionGrant {
  /** The nonce: the frames' `session` query value, and the x-vault-session header of /tokenize. */
  session: string;
  /** ISO time after which /tokenize refuses it (VAULT_SESSION_EXPIRED); ask for a new one before. */
  expiresAt: string;
}

/** Whether a card token may still be used: 'expired' when nothing used it within its lifetime (ADR 032). */
export type CardTokenState = 'usable' | 'expired' | 'unknown';
