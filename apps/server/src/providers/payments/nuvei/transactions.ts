// What the Nuvei family (the real client and the sandbox that behaves like it) shares beyond checksums.
import type { PaymentMethodKind } from '@store/server-kit';

/**
 * Nuvei's transaction types that take money (an Auth holds it, its Settle takes it); the rest (InitAuth3D,
 * Auth3D, Credit, Void...) charge nothing.
 */
export const CHARGE_TRANSACTION_TYPES: readonly string[] = ['Sale', 'Auth', 'Settle'];

/** Nuvei's notifications (DMNs) arrive at POST v1/nuvei/notify. */
export const NUVEI_WEBHOOK = 'nuvei';

/** The card flow (initPayment, payment with 3-D Secure, DMN) serves fresh and saved cards. */
export const NUVEI_CARD_METHODS: readonly PaymentMethodKind[] = ['card', 'saved_card'];

/**
 * The store's 3-D Secure challenge-return page for a payment (ADR 037): where the issuer's ACS posts its
 * answer (cres) in the shopper's browser, given to Nuvei as threeD.notificationURL. Its own route
 * (modules/payments), not the DMN address: the ACS's post carries no checksum.
 */
export const NUVEI_CHALLENGE_RETURN_PATH = '/api/v1/nuvei/3ds/return';
export const nuveiChallengeReturnUrl = (storeBase: string, paymentId: string) =>
  `${storeBase.replace(/\/+$/, '')}${NUVEI_CHALLENGE_RETURN_PATH}/${encodeURIComponent(paymentId)}`;
