// Payment shapes of the contract (packages/shared schemas/payments.ts). The API only ever sees vault
// tokens, never a card number.
import type { Order, SavedCard } from '@store/shared';

export type { SavedCard, NuveiInitBody as InitPaymentBody, PaymentFirstBody } from '@store/shared';

export interface InitPaymentData {
  transactionId: string;
  /** Present when the card was approved without a challenge (SPEC §4 step 1). */
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

/** What the add-card page shows about the order it pays. */
export type PayableOrder = Pick<Order, '_id' | 'status' | 'total' | 'totalCoins' | 'items'>;
