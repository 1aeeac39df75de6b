// Client-side payment state (SPEC §3 Saved payment state). The answers themselves are typed by the
// contract's schemas (packages/shared schemas/payments.ts); the API only ever sees vault tokens.
export type { SavedCard } from '@store/shared';

/** SPEC §3 threeDFingerprinting: the 3-D Secure fingerprint step of the current payment (§4 step 2). */
export interface ThreeDFingerprinting {
  version: string;
  transactionId: string;
  orderId: string;
}

/** SPEC §3 threeDSecureUrl: the challenge to open (§4 step 3). */
export interface ThreeDSecureUrl {
  url: string;
  transactionId: string;
  orderId: string;
}

/**
 * Where the shopper buys from, as their profile says (GET v1/getuser: data.address.state, and states,
 * the US states with their names). The user feature owns that call, so app/ hands it to the pay page.
 */
export type ShopperProfile =
  | { status: 'loading' }
  /** The profile could not be read: the page goes by what the server allows alone. */
  | { status: 'unavailable' }
  | { status: 'ready'; state: string; usStates: readonly { code: string; name: string }[]; zipCode?: string };
