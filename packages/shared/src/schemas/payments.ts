import { z } from 'zod';
import type { ErrorCode } from '../error-codes.ts';

/** A saved card as the shopper sees it (SPEC §3 Saved payment state: keyed by userPaymentOptionId). */
export const savedCard = z.object({
  userPaymentOptionId: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  provider: z.literal('nuvei'),
});
export type SavedCard = z.infer<typeof savedCard>;

/**
 * What a payment attempt pays with (ADR 009): a fresh card, a saved card, a bank account (ACH), Nuvei's
 * hosted cashier, a Stripe card, Cash App (through Stripe), a Square card, or the embedded checkout (a card or
 * USDC from the shopper's own wallet, paid inside the hosted checkout's frame; ADR 020). Each attempt records
 * its method kind beside the provider that serves it.
 */
export const PAYMENT_METHOD_KINDS = [
  'card',
  'saved_card',
  'bank_account',
  'cashier',
  'stripe_card',
  'cash_app',
  'square_card',
  'embedded_checkout',
] as const;
export const paymentMethodKind = z.enum(PAYMENT_METHOD_KINDS);
export type PaymentMethodKind = z.infer<typeof paymentMethodKind>;

/**
 * The kinds that take a new card (issue 24): the shopper sees one card form, and the store's routing
 * setting decides which of these takes it: our vault's fields to Nuvei, Stripe's or Square's card field,
 * or Nuvei's hosted checkout page.
 */
export const CARD_ROUTE_KINDS = ['card', 'stripe_card', 'square_card', 'cashier'] as const;
export const cardRouteKind = z.enum(CARD_ROUTE_KINDS);
export type CardRouteKind = z.infer<typeof cardRouteKind>;
/** Who takes a new card: the primary, and the fallback used while the primary is disabled, unserved or in an outage. */
export const cardRouting = z
  .strictObject({ primary: cardRouteKind, fallback: cardRouteKind.nullable() })
  .refine((v) => v.fallback !== v.primary, { path: ['fallback'], message: 'must differ from the primary' });
export type CardRouting = z.infer<typeof cardRouting>;
/** A store whose settings predate routing: Nuvei's fields, no fallback (what the pay page offered before). */
export const DEFAULT_CARD_ROUTING: CardRouting = { primary: 'card', fallback: null };

/**
 * What a shopper reads for the method an order was paid with (My purchases, the receipt): a card is a card
 * whichever provider took it, since the shopper never chose the provider (issue 24).
 */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethodKind, string> = {
  card: 'Card',
  saved_card: 'Saved card',
  bank_account: 'Bank account',
  cashier: 'Card',
  stripe_card: 'Card',
  cash_app: 'Cash App',
  square_card: 'Card',
  embedded_checkout: 'Wallet or card (secure checkout)',
};

export const paymentOrderStatus = z.enum(['pending', 'paid', 'fulfilled', 'failed', 'canceled', 'refunded']);

const token = z.string().min(8).max(128);

/** The ZIP or postcode of a card's billing address, typed beside the card; the issuer checks it (AVS). */
export const billingZip = z
  .string()
  .trim()
  .min(3, 'Enter the ZIP or postcode of your billing address.')
  .max(16)
  .regex(/^[A-Za-z0-9 -]+$/, 'A ZIP or postcode holds only letters, digits, spaces and hyphens.');

/**
 * Step 1 of §4 Card payment. Strict: a body carrying a card number (cardNumber, pan, ...) is refused,
 * so the API never receives one; cards arrive as vault tokens only. Without orderId it only saves the
 * card (a zero-amount verification of a cardToken; /add-card with no order). A cvvToken goes with a
 * saved card (required) or a fresh card (when the page collected the CVV); the vault hands the CVV to
 * the provider itself.
 */
export const nuveiInitBody = z.strictObject({
  orderId: z.string().min(1).max(64).optional(),
  cardToken: token.optional(),
  userPaymentOptionId: z.string().min(1).max(64).optional(),
  cvvToken: token.optional(),
  saveCard: z.boolean().optional(),
  /**
   * The shopper's billing country (ISO 3166-1 alpha-2) when the profile has none: a card provider requires
   * one (Nuvei's billingAddress.country, ADR 037). Saved to the profile; without either, 422
   * PAYER_DETAILS_REQUIRED naming address.country (ADR 039).
   */
  billingCountry: z
    .string()
    .regex(/^[A-Z]{2}$/, 'A two-letter country code.')
    .optional(),
  /**
   * The ZIP or postcode of the card's billing address, as typed beside the card (the issuer checks it, AVS;
   * issue 24). Saved to the profile address; shaped as the billing country uses (400 naming billingZip).
   */
  billingZip: billingZip.optional(),
});
export type NuveiInitBody = z.infer<typeof nuveiInitBody>;

export const nuveiInitData = z.object({
  transactionId: z.string(),
  /** Present when the card was approved without a challenge (the flow ends, §4 step 1). */
  card: savedCard.optional(),
  /** null when a card was only saved (no order, no 3-D Secure). */
  paymentOption: z.object({
    card: z.object({
      threeD: z.object({
        /** '' when the card does not support 3-D Secure 2 (nothing is made up). */
        version: z.string().nullable(),
        /**
         * The issuer's 3-D Secure method (fingerprint) page: the browser posts methodPayload to it as
         * threeDSMethodData from a hidden frame, then goes on with payment/first (methodCompletionInd).
         */
        methodUrl: z.string().optional(),
        methodPayload: z.string().optional(),
      }),
    }),
  }),
  orderStatus: paymentOrderStatus.nullable(),
});
export const nuveiInitResponse = z.object({ success: z.literal(true), data: nuveiInitData });

/**
 * Step 2 of §4 (SPEC §7 "body plus version and relatedTransactionId"): the init body again, now with
 * its order, plus the 3-D Secure version and the init transaction. The card fields must be those the
 * payment was started with; a saved card needs its fresh cvvToken again, since no CVV is ever stored.
 */
/**
 * What only the shopper's browser knows, for 3-D Secure 2 (Nuvei's threeD.browserDetails; the server adds
 * the request's IP, Accept header and User-Agent). timeZone is Date#getTimezoneOffset() in minutes.
 */
export const browserDetailsBody = z.strictObject({
  javaEnabled: z.boolean(),
  language: z.string().min(1).max(8),
  colorDepth: z.number().int().min(1).max(99),
  screenHeight: z.number().int().min(0).max(999_999),
  screenWidth: z.number().int().min(0).max(999_999),
  timeZone: z.number().int().min(-840).max(840),
});
export type BrowserDetailsBody = z.infer<typeof browserDetailsBody>;

export const paymentFirstBody = nuveiInitBody.extend({
  orderId: z.string().min(1).max(64),
  /** As init answered it: '' when the card does not support 3-D Secure 2. */
  version: z.string().max(16),
  relatedTransactionId: z.string().min(1).max(64),
  browserDetails: browserDetailsBody.optional(),
  /** 'Y' the method page init gave ran; 'N' it did not finish; 'U' there was none. */
  methodCompletionInd: z.enum(['Y', 'N', 'U']).optional(),
});
export type PaymentFirstBody = z.infer<typeof paymentFirstBody>;

export const paymentFirstData = z.object({
  redirect: z.boolean(),
  /** The 3-D Secure challenge page (the issuer's ACS) when redirect is true. */
  url: z.string().optional(),
  /**
   * With url: the challenge request the browser must POST to url as the form field `creq` (3-D Secure 2);
   * the issuer then sends the browser to the store's challenge-return page, which finishes the payment.
   */
  creq: z.string().optional(),
  transactionId: z.string(),
  card: savedCard.optional(),
  orderStatus: paymentOrderStatus,
});
export const paymentFirstResponse = z.object({ success: z.literal(true), data: paymentFirstData });

export const savedCardsResponse = z.object({ success: z.literal(true), data: z.object({ paymentMethods: z.array(savedCard) }) });
export const deleteCardResponse = z.object({ success: z.literal(true) });
export const paymentsConfigResponse = z.object({ success: z.literal(true), data: z.object({ vaultOrigin: z.string() }) });

/**
 * 429 of every card path (and of opening the embedded checkout) while the shopper or their address is
 * over the card-attempt limit (issues 7 and 21, ADR 031); Retry-After says when to try again.
 */
export const CARD_ATTEMPTS_LIMITED = 'CARD_ATTEMPTS_LIMITED' satisfies ErrorCode;

/** Declines answer 402 with one of these codes and messages. */
export const CARD_DECLINED_MESSAGE = 'Your card was declined.';
export const INSUFFICIENT_FUNDS_MESSAGE = 'Insufficient funds on this card.';

// The card frames' messages and timing: ../vault-frame-constants.ts (no zod: the frames' script imports them).

/**
 * The card vault's frame sessions (ADR 032): POST /tokenize needs one, in the x-vault-session header. The
 * store's pay page gets one for its shopper from POST v1/vault/frame-session and hands it to its frames.
 */
export const vaultFrameSessionData = z.object({
  /** The nonce: put in the frame URL (?session=) and sent with each tokenize message. */
  session: z.string(),
  /** ISO time after which the vault refuses it; get a new one shortly before. */
  expiresAt: z.string(),
});
export type VaultFrameSession = z.infer<typeof vaultFrameSessionData>;
export const vaultFrameSessionResponse = z.object({ success: z.literal(true), data: vaultFrameSessionData });

export const VAULT_SESSION_EXPIRED_MESSAGE = 'The card form has timed out. Please try again.';
/** /tokenize got no frame session, or one the vault did not sign. */
export const VAULT_SESSION_INVALID = 'VAULT_SESSION_INVALID' satisfies ErrorCode;
export const VAULT_SESSION_INVALID_MESSAGE = 'The card form is not available. Reload the page and try again.';
/** Too many tokenizations from one address or for one shopper (429, Retry-After). */
export const VAULT_TOKENIZE_LIMITED = 'VAULT_TOKENIZE_LIMITED' satisfies ErrorCode;
/** A card token nothing used within VAULT_TOKEN_TTL_MINUTES: the shopper types the card again. */
export const CARD_TOKEN_EXPIRED = 'CARD_TOKEN_EXPIRED' satisfies ErrorCode;
export const CARD_TOKEN_EXPIRED_MESSAGE = 'The card details have expired. Please enter the card again.';

/** `session`: a fresh frame session for the frame to use from now on (the one in its URL may have run out). */
export type StoreToFrameMessage = { type: 'tokenize'; requestId: string; session?: string };
export type FrameToStoreMessage =
  | { type: 'loaded' }
  | { type: 'change' }
  | { type: 'token'; requestId: string; token: string; brand: string | null; last4: string | null; expiresAt?: string }
  /** `code`: the vault's refusal code when there is one (VAULT_SESSION_EXPIRED: renew the session and ask again). */
  | { type: 'error'; requestId: string; message: string; code?: string };

/** Every payment method kind with whether this shopper may pay with it now (SPEC §3 allowedPaymentsProviders). */
export const allowedPayment = z.record(paymentMethodKind, z.boolean());
export type AllowedPayment = z.infer<typeof allowedPayment>;
/**
 * GET v1/payment/allowed-providers: data.data.allowedPayment (SPEC §7), and data.data.cardRoute: the kind
 * whose form takes a new card now (the routing's primary, or its fallback during an outage), null when
 * neither is allowed.
 */
export const allowedProvidersResponse = z.object({
  success: z.literal(true),
  data: z.object({ data: z.object({ allowedPayment, cardRoute: cardRouteKind.nullable() }) }),
});
export type AllowedProvidersResponse = z.infer<typeof allowedProvidersResponse>;

/**
 * The card forms a saved card is paid through, as the pay page's one list of saved cards names them
 * (issue 24): a card saved with the card provider ('card', paid as a saved_card), with Stripe or with Square.
 */
export const SAVED_CARD_KINDS = ['card', 'stripe_card', 'square_card'] as const;
export const savedCardKind = z.enum(SAVED_CARD_KINDS);
export type SavedCardKind = z.infer<typeof savedCardKind>;
export const lastUsedCard = z.object({ kind: savedCardKind, userPaymentOptionId: z.string() });
export type LastUsedCard = z.infer<typeof lastUsedCard>;
/** GET v1/payment/last-used-card (beyond the spec, ADR 004): the saved card the shopper's newest approved card payment used. */
export const lastUsedCardResponse = z.object({ success: z.literal(true), data: z.object({ lastUsedCard: lastUsedCard.nullable() }) });
export type LastUsedCardResponse = z.infer<typeof lastUsedCardResponse>;
