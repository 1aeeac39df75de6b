// Payment shapes of the contract (packages/shared schemas/payments.ts). The API only ever sees vault
// tokens, never a card number.
import type { Order, SavedCard } from '@store/shared';

// PaymentFirstBody: SPEC §7 "POST v1/nuvei/payment/first: body plus version and relatedTransactionId".
export type { SavedCard, NuveiInitBody as InitPaymentBody, PaymentFirstBody } from '@store/shared';

export interface InitPaymentData {
  transactionId: string;
  /** Present only when the card was saved (saveCard, or a saved card paid): SPEC §4 step 1. */
  card?: SavedCard;
  /** version and orderStatus are null when a card was only saved (no order). */
  paymentOption: { card: { threeD: { version: string | null } } };
  orderStatus: Order['status'] | null;
}

export interface PaymentFirstData {
  redirect: boolean;
  /** The 3-D Secure challenge page when redirect is true. */
  url?: string;
  transactionId: string;
  card?: SavedCard;
  orderStatus: Order['status'];
}

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

/** What the add-card page shows about the order it pays. */
export type PayableOrder = Pick<Order, '_id' | 'status' | 'total' | 'totalCoins' | 'items'>;
