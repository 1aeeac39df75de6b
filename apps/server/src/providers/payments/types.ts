import { CARD_DECLINED_MESSAGE, INSUFFICIENT_FUNDS_MESSAGE } from '@store/shared';

// The card-payment adapter (DESIGN §2): the payments module talks to this interface only; the
// built-in sandbox and the real Nuvei client implement it. Shaped after Nuvei's three steps
// (initPayment, payment with the 3-D Secure version, notification) plus refunds and a lookup of what
// the provider recorded for a payment (getTransactionDetails), which recovery after a crash relies on.

/** What the shopper pays with: a fresh vault token, or a saved card (its id) with a fresh CVV token. */
export type CardSource =
  { kind: 'token'; cardToken: string } | { kind: 'saved'; userPaymentOptionId: string; vaultToken: string; cvvToken: string };

export interface PaymentRequest {
  /** Our payment attempt's id, sent as Nuvei's clientUniqueId so the provider can be asked about it later. */
  paymentId: string;
  orderId: string;
  /** Our user id (Nuvei's userTokenId: saved cards belong to it). */
  userId: string;
  amountCents: number;
  currency: 'USD';
  card: CardSource;
}

/** The card as the provider reports it on approval; userPaymentOptionId is stable per user and card. */
export interface ProviderCard {
  userPaymentOptionId: string;
  /** Our vault token for the card (kept so a saved card can be paid with again). */
  vaultToken: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type DeclineCode = 'CARD_DECLINED' | 'INSUFFICIENT_FUNDS';

export type Approved = { status: 'approved'; transactionId: string; threeDVersion: string; card: ProviderCard };
export type Declined = { status: 'declined'; transactionId: string; code: DeclineCode; reason: string };

/** initPayment: approved without a challenge, or 3-D Secure needed (go on with payFirst). */
export type InitOutcome = Approved | Declined | { status: 'threeD'; transactionId: string; threeDVersion: string };

/** payment: approved (frictionless), or the shopper must pass the challenge at challengeUrl. */
export type PayOutcome = Approved | Declined | { status: 'challenge'; transactionId: string; challengeUrl: string };

export interface RefundOutcome {
  status: 'refunded' | 'declined';
  transactionId: string;
  reason?: string;
}

/** Nuvei's transaction types that take money; the rest (InitAuth3D, Auth3D, Credit, Void...) charge nothing. */
export const CHARGE_TRANSACTION_TYPES: readonly string[] = ['Sale', 'Auth'];

/** What a notification says about the transaction, so an approval can be checked against the payment. */
interface NotifiedTransaction {
  transactionId: string;
  /** The clientUniqueId the transaction was made with: our payment id. */
  clientUniqueId: string;
  transactionType: string;
  /** null when the notification carries no readable amount. */
  amountCents: number | null;
  currency: string;
}

/** A verified notification (webhook / DMN) about a transaction's result. */
export type PaymentNotification = NotifiedTransaction &
  ({ status: 'approved'; card: ProviderCard | null } | { status: 'declined'; code: DeclineCode; reason: string });

/**
 * What the provider recorded for one payment attempt (looked up by its clientUniqueId, our payment id):
 * its latest transaction. 'none' means no money moved: nothing recorded, or only the 3-D Secure fingerprint.
 */
export type LookupOutcome =
  | {
      status: 'approved';
      transactionId: string;
      transactionType: string;
      amountCents: number | null;
      currency: string | null;
      card: ProviderCard | null;
    }
  | { status: 'declined'; transactionId: string; code: DeclineCode; reason: string }
  | { status: 'challenge'; transactionId: string }
  | { status: 'refunded'; transactionId: string }
  | { status: 'none' };

export interface NotificationInput {
  body: unknown;
  query: unknown;
  headers: Record<string, string | string[] | undefined>;
}

/** A zero-amount check of a fresh card so it can be saved without paying (no 3-D Secure challenge). */
export interface VerifyCardRequest {
  userId: string;
  card: { kind: 'token'; cardToken: string };
}

export interface PaymentProvider {
  /** Stored with each payment: 'nuvei' or 'nuvei-sandbox'. */
  readonly name: string;
  init(request: PaymentRequest): Promise<InitOutcome>;
  payFirst(request: PaymentRequest & { relatedTransactionId: string; threeDVersion: string }): Promise<PayOutcome>;
  verifyCard(request: VerifyCardRequest): Promise<Approved | Declined>;
  refund(request: {
    paymentId: string;
    orderId: string;
    transactionId: string;
    amountCents: number;
    currency: 'USD';
  }): Promise<RefundOutcome>;
  /** Asks the provider what became of a payment attempt (recovery of payments a crash left in flight). */
  lookup(request: { paymentId: string; orderId: string }): Promise<LookupOutcome>;
  /** Checks the notification's signature/checksum; null when it is not genuine. */
  verifyNotification(input: NotificationInput): PaymentNotification | null;
}

/** Decline messages the API answers with (402). */
export const DECLINE_MESSAGES: Record<DeclineCode, string> = {
  CARD_DECLINED: CARD_DECLINED_MESSAGE,
  INSUFFICIENT_FUNDS: INSUFFICIENT_FUNDS_MESSAGE,
};
