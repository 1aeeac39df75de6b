import { BANK_PAYMENT_FAILED_MESSAGE, CARD_DECLINED_MESSAGE, INSUFFICIENT_FUNDS_MESSAGE, type PaymentMethodKind } from '@store/shared';

// The payments core's one view of a payment provider (DESIGN §2, ADR 009). Every provider plugs in
// through these five calls (start, confirm, look up, refund, verify a notification) plus optional
// capabilities; approval, fulfilment, reconciliation and the ledger live once, in modules/payments.
// Each step answers with one of four outcomes:
//   approved  the money is taken (a charge of this payment's amount)
//   declined  no money moves; the decline code and the provider's reason
//   pending   the provider took the payment but its money has not settled (a bank payment); a later
//             notification or lookup decides
//   action    the shopper must do something first (ShopperAction), then the payment is confirmed, or
//             the provider notifies its result
// each with the provider's transaction id.

export type { PaymentMethodKind } from '@store/shared';

/**
 * What the shopper pays with, by method kind. Each provider reads only its own variants.
 *   card          a fresh vault token (with a CVV token when the page collected the CVV)
 *   saved_card    a saved card (its id) with a fresh CVV token
 *   bank_account  a linked bank account (ACH debit), by its userPaymentOptionId
 *   cashier       the card provider's hosted payment page; the shopper picks or enters a card there
 *   stripe_card   a Stripe card PaymentMethod of the shopper's Stripe customer
 *   cash_app      Cash App Pay through Stripe: a saved Cash App PaymentMethod, or none (a new one)
 *   square_card   a Square card: the Web Payments SDK's one-time source id, or a saved card's id
 *   embedded_checkout  the hosted checkout in a frame of the pay page (ADR 020): the shopper pays there by
 *                 card or with USDC from their own wallet; the host's webhook (or a lookup) decides
 */
export type PaymentSource =
  | { method: 'card'; cardToken: string; cvvToken?: string }
  | { method: 'saved_card'; userPaymentOptionId: string; vaultToken: string; cvvToken: string }
  | { method: 'bank_account'; userPaymentOptionId: string }
  | { method: 'cashier' }
  | { method: 'stripe_card'; userPaymentOptionId: string }
  | { method: 'cash_app'; userPaymentOptionId?: string }
  | {
      method: 'square_card';
      /** What Square charges: the Web Payments SDK's one-time token (the sandbox: a vault token), or a saved card's id (ccof:…). */
      sourceId: string;
      /** The saved Square card paid with (then sourceId is its id); kept on the payment row. */
      savedCardId?: string;
      /** The Web Payments SDK's verifyBuyer result (3-D Secure / SCA), passed on to Square. */
      verificationToken?: string;
      /** A new card's billing ZIP or postcode, typed beside it (Square's billing_address; the issuer checks it). */
      billingZip?: string;
    }
  | {
      method: 'embedded_checkout';
      /** The shopper's email, handed to the host as its customer's. */
      email: string;
      /** The distributor (game provider) the coins are bought for, kept in the session's metadata. */
      gameProvider: string;
    };

/** The sources a card provider reads: a card the vault holds. */
export type CardSource = Extract<PaymentSource, { method: 'card' | 'saved_card' }>;

/**
 * The card source of a request, for a provider that takes only cards: the registry sends it only the
 * method kinds it serves, so anything else is a wiring fault, not the shopper's.
 */
export function cardSourceOf(source: PaymentSource): CardSource {
  if (source.method === 'card' || source.method === 'saved_card') return source;
  throw new Error(`A card provider was asked to pay with '${source.method}'.`);
}

/** The vault token a card source is paid with: the fresh card's, or the one a saved card was stored under. */
export const vaultTokenOf = (source: CardSource): string => (source.method === 'card' ? source.cardToken : source.vaultToken);

/** What a payment row records of its source: the vault token it was paid with, and the saved method it names. */
export function sourceColumns(source: PaymentSource): { cardToken: string | null; userPaymentOptionId: string | null } {
  switch (source.method) {
    case 'card':
      return { cardToken: source.cardToken, userPaymentOptionId: null };
    case 'saved_card':
      return { cardToken: source.vaultToken, userPaymentOptionId: source.userPaymentOptionId };
    case 'bank_account':
    case 'stripe_card':
      return { cardToken: null, userPaymentOptionId: source.userPaymentOptionId };
    case 'cash_app':
      return { cardToken: null, userPaymentOptionId: source.userPaymentOptionId ?? null };
    case 'cashier':
    case 'embedded_checkout':
      return { cardToken: null, userPaymentOptionId: null };
    case 'square_card':
      // A one-time source id is spent by the payment; a saved Square card is named.
      return { cardToken: null, userPaymentOptionId: source.savedCardId ?? null };
  }
}

/**
 * The transaction id a payment is recorded under while the shopper is on a provider's hosted page that
 * makes its transaction only when they pay (the card provider's cashier, ADR 014): start() answers it,
 * and the notification of the page's charge, which names our payment id, finds the payment by it.
 */
export const hostedPageTransactionId = (paymentId: string) => `page:${paymentId}`;

export interface PaymentRequest {
  /** Our payment attempt's id: the provider keeps it (Nuvei's clientUniqueId) so it can be asked about it later. */
  paymentId: string;
  orderId: string;
  /** Our user id (Nuvei's userTokenId: saved cards belong to it). */
  userId: string;
  /**
   * The shopper's name as their account has it: a card provider sends it as the holder's name, since
   * the hosted card fields collect none (ADR 010).
   */
  payerName: string;
  amountCents: number;
  currency: 'USD';
  source: PaymentSource;
  /**
   * The merchant's 3-D Secure challenge preference (the hosted checkout's threeDsChallengePreference); the
   * issuer still decides. Absent: no preference. A card provider reads it on start and on confirm, so a
   * confirm request carries it again.
   */
  threeDsChallengePreference?: ThreeDsChallengePreference;
  /**
   * Who pays, as a provider must be told (Nuvei's billingAddress and deviceDetails.ipAddress, which its
   * card payments (ADR 037) and bank debits (ADR 039) require): the shopper's profile and the address
   * their request came from. The payments core fills it when the profile is complete; a provider that
   * needs it refuses a request without.
   */
  payer?: Payer;
  /** What only the shopper's browser knows, for 3-D Secure 2 (confirm: Nuvei's threeD.browserDetails). */
  browser?: BrowserDetails;
  /**
   * Whether the browser ran the issuer's 3-D Secure method (fingerprint) page the start answered with:
   * 'Y' it did, 'N' it was asked for and did not finish, 'U' none was asked for (Nuvei's methodCompletionInd).
   */
  methodCompletionInd?: 'Y' | 'N' | 'U';
  /**
   * Where the issuer's challenge answer (cres) is posted in the shopper's browser (Nuvei's
   * threeD.notificationURL). Absent: the store's own challenge-return page for paymentId; the hosted
   * checkout gives its own (ADR 037), which finishes the payment there.
   */
  challengeReturnUrl?: string;
  /**
   * Authorise only, without capture (Nuvei's transactionType 'Auth'; the hosted checkout's authOnly, issue 23):
   * the money is held, and taken only by a later capture (the provider's capture capability). Absent: a sale.
   */
  authOnly?: boolean;
}

/** Taking the money an authorisation held (Nuvei's settleTransaction, relatedTransactionId the authorisation). */
export interface CaptureRequest {
  /** Our payment id the authorisation was made with (its clientUniqueId). */
  paymentId: string;
  orderId: string;
  /** The approved authorisation's transaction. */
  transactionId: string;
  amountCents: number;
  currency: 'USD';
}

/**
 * captured: the money is taken (transactionId the settle's), by this call or by an earlier settle of the same
 * authorisation, payment and amount (a retry whose first answer was lost); declined: the provider refused
 * (unknown, declined, voided, or settled otherwise).
 */
export type CaptureOutcome = { status: 'captured'; transactionId: string } | { status: 'declined'; reason: string };

/** voided: the authorisation's hold is released (transactionId the void's); declined: the provider refused (unknown, settled or voided). */
export type VoidOutcome = { status: 'voided'; transactionId: string } | { status: 'declined'; reason: string };

/** The payer of a payment or a payout (ADR 037, 039): from the shopper's profile and request. */
export interface Payer {
  email: string;
  firstName: string;
  lastName: string;
  /** ISO 3166-1 alpha-2; a card or bank payment without it is refused (422 PAYER_DETAILS_REQUIRED naming address.country). */
  country: string;
  /** The shopper's IP address: the request's, or (a payout, made later) the one they last signed in from. */
  ipAddress: string | null;
  /**
   * The billing address beyond the country, when the payer's data has it (the hosted checkout's customerInfo,
   * issue 23): Nuvei's billingAddress and userDetails address, city, state, zip; dateOfBirth as YYYY-MM-DD.
   */
  address?: string;
  city?: string;
  state?: string;
  zip?: string;
  dateOfBirth?: string;
}

/** The browser's own facts for 3-D Secure 2 (EMV 3DS browser data, as Nuvei names them in threeD.browserDetails). */
export interface BrowserDetails {
  acceptHeader: string;
  ip: string;
  javaEnabled: 'TRUE' | 'FALSE';
  javaScriptEnabled: 'TRUE' | 'FALSE';
  language: string;
  colorDepth: string;
  screenHeight: string;
  screenWidth: string;
  /** Minutes from UTC to local time, as the browser's Date#getTimezoneOffset gives it (e.g. '-60'). */
  timeZone: string;
  userAgent: string;
}

/** The 3-D Secure challenge preferences a merchant may state (SPEC §3). */
export type ThreeDsChallengePreference = 'NoPreference' | 'Frictionless' | 'Challenge';

/** Going on after the shopper's action: the payment again, with the transaction the action belonged to. */
export interface ConfirmRequest extends PaymentRequest {
  /** The provider's transaction the action answered (Nuvei's relatedTransactionId, a PaymentIntent's id). */
  transactionId: string;
  /** What a 'fingerprint' action settled on: the 3-D Secure version; other actions bring nothing back. */
  threeDVersion?: string;
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

/** BANK_PAYMENT_FAILED: the bank refused a bank-account debit (ACH) before it settled; the reason names the return code. */
export type DeclineCode = 'CARD_DECLINED' | 'INSUFFICIENT_FUNDS' | 'BANK_PAYMENT_FAILED';

/** What the shopper must do before the provider can decide. */
export type ShopperAction =
  /**
   * The 3-D Secure method step (device fingerprint) in the page; the browser confirms at once with the
   * version. threeDVersion is '' when the card does not support 3-D Secure 2. With methodUrl, the browser
   * first posts methodPayload as threeDSMethodData to methodUrl in a hidden frame (the issuer's fingerprint).
   */
  | { kind: 'fingerprint'; threeDVersion: string; methodUrl?: string; methodPayload?: string }
  /**
   * The card issuer's challenge page (ACS). With creq, the browser POSTs it (form field `creq`) to url,
   * as 3-D Secure 2 requires; the issuer posts its answer (cres) to the store's challenge-return page,
   * and the store finishes the payment there (completeChallenge). Without creq, a page to open.
   */
  | { kind: 'challenge'; url: string; creq?: string }
  /** A page of the provider's (a hosted cashier, a wallet's approval page); the shopper comes back to the store. */
  | { kind: 'redirect'; url: string }
  /** The provider's script in the store's page finishes it (Stripe.js with the PaymentIntent's client secret). */
  | { kind: 'client'; clientSecret: string }
  /**
   * The hosted checkout's session, opened in a frame of the store's page (ADR 020): the shopper pays there,
   * and the host's webhook (or a lookup by our payment id) decides. The key opens the session; a new one
   * replaces it each time the session is asked for again.
   */
  | {
      kind: 'embedded';
      sessionKey: string;
      sessionId: string;
      checkoutBase: string;
      merchantId: string;
      /** Coinflow's page (ADR 041): its checkout JWT, which holds the amount; absent for our hosted checkout. */
      jwtToken?: string;
      /** Whose page the frame opens: our hosted checkout ('store', the default) or Coinflow's. */
      host?: 'store' | 'coinflow';
      /** What the shopper may pay with there; absent: every method the store offers in the frame. */
      allowedPaymentMethods?: readonly ('card' | 'usdc')[];
    };

export type Approved = {
  status: 'approved';
  transactionId: string;
  /** The card as the provider reports it; null when it did not say. */
  card: ProviderCard | null;
  /** The 3-D Secure version the approval went through, when there was one. */
  threeDVersion?: string;
};
export type Declined = { status: 'declined'; transactionId: string; code: DeclineCode; reason: string };
export type Pending = { status: 'pending'; transactionId: string };
export type ActionNeeded = { status: 'action'; transactionId: string; action: ShopperAction };

/** What start and confirm answer. */
export type PaymentOutcome = Approved | Declined | Pending | ActionNeeded;

export interface RefundRequest {
  paymentId: string;
  orderId: string;
  /** The provider's transaction that took the money. */
  transactionId: string;
  amountCents: number;
  currency: 'USD';
}

export interface RefundOutcome {
  status: 'refunded' | 'declined';
  transactionId: string;
  reason?: string;
}

export interface LookupRequest {
  paymentId: string;
  orderId: string;
  /** The provider's transaction we recorded; null while only our placeholder is (its answer was lost). */
  transactionId: string | null;
  /**
   * When the attempt was written: a provider searched by time rather than by our id (Square lists a
   * location's payments of a time range) looks around it.
   */
  startedAt?: Date;
}

/**
 * What the provider recorded for one payment attempt: its latest transaction, read as what it did to
 * the money. 'approved' is a charge for this payment (never a 3-D Secure step); 'pending' is not decided
 * yet (an open challenge or hosted page, a bank payment not settled); 'none' means no money moved.
 */
export type LookupOutcome =
  | { status: 'approved'; transactionId: string; amountCents: number | null; currency: string | null; card: ProviderCard | null }
  | Declined
  | { status: 'pending'; transactionId: string }
  | { status: 'refunded'; transactionId: string }
  | { status: 'none' }
  /**
   * The provider cannot say yet (Nuvei's errCode 9146, "no transaction details" for an id it may still
   * record): the payment is left as it is and asked about again later, each time waiting longer.
   */
  | { status: 'unknown' };

export interface NotificationInput {
  body: unknown;
  query: unknown;
  headers: Record<string, string | string[] | undefined>;
}

/** What a notification says about a transaction, so an approval can be checked against the payment. */
interface NotifiedTransaction {
  transactionId: string;
  /** Our payment id the transaction was made with (Nuvei's clientUniqueId). */
  paymentId: string;
  /** The provider's name for what happened (Nuvei's transactionType), for the log. */
  event: string;
  /** Whether the event takes money (a sale); false for steps that charge nothing (the 3-D Secure fingerprint). */
  charge: boolean;
  /** null when the notification carries no readable amount. */
  amountCents: number | null;
  currency: string;
}

/**
 * A verified notification (webhook / DMN) about a transaction's result. 'reversed': money an approval
 * took came back to the payer afterwards; transactionId is then the approved transaction it takes back,
 * and amountCents how much of it came back so far. Its cause: the payer's bank took it back
 * ('bank_return', an ACH return, ADR 011; returnCode the bank's code for why, R01...), or the merchant
 * refunded it outside the store ('refund', a refund made in Stripe's dashboard, ADR 012).
 */
export type PaymentNotification = NotifiedTransaction &
  (
    | { status: 'approved'; card: ProviderCard | null }
    | { status: 'declined'; code: DeclineCode; reason: string }
    | { status: 'reversed'; cause: 'bank_return'; returnCode: string; reason: string }
    | { status: 'reversed'; cause: 'refund'; reason: string }
  );

/** A zero-amount check of a fresh card so it can be saved without paying (no 3-D Secure challenge). */
export interface VerifyCardRequest {
  userId: string;
  /** As PaymentRequest's. */
  payerName: string;
  source: { method: 'card'; cardToken: string; cvvToken?: string };
  /** As PaymentRequest's. */
  payer?: Payer;
}
export type VerifiedCard = { status: 'approved'; transactionId: string; card: ProviderCard };

/**
 * A webhook delivery as it arrived (parseWebhook): the raw body, the bytes the provider signed, and the
 * headers. No URL: the one signature that covers a URL (Square's) covers the notification URL registered
 * at the provider, which the provider holds from its configuration (behind a proxy the request's own URL
 * is not the one signed).
 */
export interface WebhookInput {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
  /** When it arrived (default: now), what an event's or a signature's age is judged against. */
  receivedAt?: Date;
}

/**
 * A genuine webhook event (parseWebhook): its id at the provider (what the one claim of ADR 036 takes it
 * once by), its type, and what it says about a payment of ours; notification null for a verified event the
 * store does not act on.
 */
export interface VerifiedWebhookEvent {
  eventId: string;
  type: string;
  notification: PaymentNotification | null;
  /**
   * A card declined in the provider's own page (the embedded checkout; the shopper may try another card
   * there): the core counts it against the card attempts of the shopper of `paymentId` (ADR 031) when that
   * is an attempt of this provider (still recorded under `transactionId`, when given). Then notification is null.
   */
  cardDeclined?: { paymentId: string; transactionId: string | null };
  /**
   * The money of one of our attempts is on its way and settles later (a bank debit started in the provider's
   * own page, the embedded checkout): the core keeps the attempt waiting in 'pending', so its order waits for
   * the settlement as a bank payment's does (ADR 011). Then notification is null.
   */
  settling?: { paymentId: string; transactionId: string };
}

export interface PaymentProvider {
  /** Stored with each payment ('nuvei', 'nuvei-sandbox'): the registry finds the provider of a row by it. */
  readonly name: string;
  /** The method kinds it takes new payments for; a retired provider serves none and still answers for its rows. */
  readonly methods: readonly PaymentMethodKind[];
  /** The webhook its notifications arrive at: 'nuvei' is POST v1/nuvei/notify. */
  readonly webhook: string;
  /** Starts a payment (Nuvei's initPayment, a PaymentIntent's creation, an ACH debit). */
  start(request: PaymentRequest): Promise<PaymentOutcome>;
  /** Goes on after the shopper's action (Nuvei's payment with the 3-D Secure version, a PaymentIntent's confirmation). */
  confirm(request: ConfirmRequest): Promise<PaymentOutcome>;
  /** Asks what became of a payment attempt (recovery of payments a crash, a timeout or a lost notification left). */
  lookup(request: LookupRequest): Promise<LookupOutcome>;
  refund(request: RefundRequest): Promise<RefundOutcome>;
  /** Checks the notification's signature or checksum; null when it is not genuine. */
  verifyNotification(input: NotificationInput): PaymentNotification | null;
  /**
   * Optional capability (Medusa's getWebhookActionAndData): a webhook delivery read into a verified event
   * with its id, for the family's webhook route to claim once and hand to the core
   * (core.takeWebhookEvent). A delivery that is not genuine, not readable or too old is refused by
   * throwing the family's own AppError (its status and field). Stripe, Square and the embedded checkout;
   * not Nuvei, whose DMNs carry no event id (verifyNotification).
   */
  parseWebhook?(input: WebhookInput): Promise<VerifiedWebhookEvent> | VerifiedWebhookEvent;
  /**
   * Optional capability of a provider whose challenge ends at the store's return page (Nuvei, ADR 037):
   * after the issuer's challenge, the final payment of the challenged transaction (request.transactionId,
   * Nuvei's relatedTransactionId). Until it is made no money moves.
   */
  completeChallenge?(request: ConfirmRequest): Promise<PaymentOutcome>;
  /**
   * Optional capability of a provider that can authorise without capture (request.authOnly; Nuvei): takes the
   * money an approved authorisation held, once. Asked again for the same payment and amount, it answers with the
   * settle already made (so a caller whose answer was lost learns it); an unknown or voided one is declined.
   */
  capture?(request: CaptureRequest): Promise<CaptureOutcome>;
  /**
   * With capture: releases an approved authorisation's hold without taking the money (Nuvei's voidTransaction,
   * relatedTransactionId the authorisation), once; a void of a settled or voided one is declined.
   */
  voidAuthorization?(request: CaptureRequest): Promise<VoidOutcome>;
  /** Optional capability: a zero-amount verification of a fresh card, to save it without paying. */
  verifyCard?(request: VerifyCardRequest): Promise<VerifiedCard | Declined>;
  /**
   * Optional capability of a provider whose shopper types cards where the store cannot refuse them (the
   * hosted checkout's page, in a session opened earlier): refuse this shopper's card payments until
   * `until`. The store tells it when the shopper goes over the store's card-attempt limit (ADR 031).
   */
  holdCardPayments?(userId: string, until: Date): Promise<void>;
  /**
   * Optional capability (Medusa's account holder): the shopper's customer at the provider, kept in
   * provider_customers (ADR 036); created on first use when `create`, else null while there is none.
   * Stripe and Square.
   */
  customerFor?(userId: string, create: boolean): Promise<string | null>;
  /**
   * Optional capability (Medusa's listPaymentMethods / savePaymentMethod / delete): methods the provider
   * keeps for the shopper on its own page, which the core records from an approval and lists and deletes
   * with the shopper's other methods. The Nuvei cashier (cards saved on its page, ADR 014).
   */
  savedMethods?: SavedMethods;
}

/** A card (or other method) the provider keeps for a shopper. */
export interface SavedPaymentMethod {
  userPaymentOptionId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface SavedMethods {
  /** The shopper's methods saved with the provider, newest first. */
  list(userId: string): Promise<SavedPaymentMethod[]>;
  /** Forgets one of the shopper's (at the provider first); false when the id is not one of theirs. Throws when the provider could not. */
  remove(userId: string, id: string): Promise<boolean>;
  /** Keeps the method an approval of this provider reported (a card the shopper saved on its page). */
  save(userId: string, provider: string, method: SavedPaymentMethod): Promise<void>;
}

/** A provider with the webhook-parsing capability (Stripe, Square, the embedded checkout). */
export type WebhookParsingProvider = PaymentProvider & Required<Pick<PaymentProvider, 'parseWebhook'>>;

/** A provider with the card-verification capability (the Nuvei family). */
export type CardVerifyingProvider = PaymentProvider & Required<Pick<PaymentProvider, 'verifyCard'>>;

/** Decline messages the API answers with (402). */
export const DECLINE_MESSAGES: Record<DeclineCode, string> = {
  CARD_DECLINED: CARD_DECLINED_MESSAGE,
  INSUFFICIENT_FUNDS: INSUFFICIENT_FUNDS_MESSAGE,
  BANK_PAYMENT_FAILED: BANK_PAYMENT_FAILED_MESSAGE,
};

// --- Payouts (issue 10, ADR 017): a credit to a shopper's saved bank account, what a cash-out is paid
// with. A provider that can pay out has `payout`; the cash-out module asks the provider that saved the
// account. Every payout carries an idempotency key: asked again with it, the provider answers the first
// payout's result and pays nothing more, so a retry after a crash or a timeout is safe.

export interface PayoutRequest {
  /** The same on every attempt of one payout. */
  idempotencyKey: string;
  userId: string;
  userPaymentOptionId: string;
  amountCents: number;
  currency: 'USD';
  /** The shopper paid out, from their profile (Nuvei requires billingAddress and deviceDetails.ipAddress). */
  payer: Payer;
}

export type PayoutOutcome = { status: 'paid'; transactionId: string } | { status: 'declined'; transactionId: string; reason: string };

export interface PayoutProvider {
  /** Resolves with the provider's decision; throws when the answer is unknown (then it is asked again, same key). */
  payout(request: PayoutRequest): Promise<PayoutOutcome>;
}

export const isPayoutProvider = (provider: PaymentProvider | undefined): provider is PaymentProvider & PayoutProvider =>
  !!provider && typeof (provider as Partial<PayoutProvider>).payout === 'function';
