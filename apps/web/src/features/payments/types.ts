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
