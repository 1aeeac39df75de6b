// What the Nuvei family (the real client and the sandbox that behaves like it) shares beyond checksums.
import type { PaymentMethodKind } from '../types.ts';

/** Nuvei's transaction types that take money; the rest (InitAuth3D, Auth3D, Credit, Void...) charge nothing. */
export const CHARGE_TRANSACTION_TYPES: readonly string[] = ['Sale', 'Auth'];

/** Nuvei's notifications (DMNs) arrive at POST v1/nuvei/notify. */
export const NUVEI_WEBHOOK = 'nuvei';

/** The card flow (initPayment, payment with 3-D Secure, DMN) serves fresh and saved cards. */
export const NUVEI_CARD_METHODS: readonly PaymentMethodKind[] = ['card', 'saved_card'];
