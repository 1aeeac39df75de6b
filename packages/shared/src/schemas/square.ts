import { z } from 'zod';
import { billingZip, paymentOrderStatus } from './payments.ts';

// Square card payments (SPEC §7 POST v1/payment/square/create-payment, GET v1/payment/square/config;
// ADR 013). Bodies and responses are the store's own: the spec does not show them.

/**
 * GET v1/payment/square/config: how the web shows Square's card form. With real credentials Square's
 * Web Payments SDK (loaded from sdkUrl) with the application and location; with the built-in sandbox
 * (no credentials, no internet needed) our card vault's hosted fields, whose token the sandbox takes.
 */
export const squareConfigData = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('web-payments-sdk'),
    environment: z.enum(['sandbox', 'production']),
    applicationId: z.string(),
    locationId: z.string(),
    sdkUrl: z.string(),
  }),
  z.object({ kind: z.literal('vault-fields'), environment: z.literal('sandbox'), vaultOrigin: z.string() }),
]);
export type SquareConfigData = z.infer<typeof squareConfigData>;
export const squareConfigResponse = z.object({ success: z.literal(true), data: squareConfigData });

/** A saved Square card (a card on file of the shopper's Square customer); userPaymentOptionId is Square's card id. */
export const squareSavedCard = z.object({
  userPaymentOptionId: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  provider: z.literal('square'),
});
export type SquareSavedCard = z.infer<typeof squareSavedCard>;

/** The Web Payments SDK's one-time token (cnon:…), or, with the sandbox, a vault token (card_…). */
const sourceId = z.string().min(8).max(512);
/** A saved Square card's id (ccof:…). */
const savedCardId = z.string().min(1).max(192);
/** verifyBuyer's token (3-D Secure / SCA), passed on to Square. */
const verificationToken = z.string().min(1).max(4096);

/**
 * POST v1/payment/square/create-payment: pay an order with a fresh card (sourceId) or a saved Square
 * card (savedCardId), one of the two. Strict: no amount (it is the order's) and no card data.
 * saveCard keeps a fresh card on file once the payment is approved.
 */
export const squareCreatePaymentBody = z.strictObject({
  orderId: z.string().min(1).max(64),
  sourceId: sourceId.optional(),
  savedCardId: savedCardId.optional(),
  saveCard: z.boolean().optional(),
  verificationToken: verificationToken.optional(),
  /** With a new card (sourceId): its billing ZIP or postcode, which Square checks with the issuer (AVS). */
  billingZip: billingZip.optional(),
});
export type SquareCreatePaymentBody = z.infer<typeof squareCreatePaymentBody>;

export const squareCreatePaymentData = z.object({
  /** approved: the order is paid (and fulfilled); pending: Square has not settled it yet, a notification will. */
  status: z.enum(['approved', 'pending']),
  orderId: z.string(),
  /** Square's payment id. */
  transactionId: z.string(),
  orderStatus: paymentOrderStatus,
  /** The card kept on file when saveCard was asked (or the saved card paid with). */
  card: squareSavedCard.optional(),
});
export const squareCreatePaymentResponse = z.object({ success: z.literal(true), data: squareCreatePaymentData });

/** GET v1/payment/square/cards: the shopper's saved Square cards, newest first. */
export const squareCardsResponse = z.object({ success: z.literal(true), data: z.object({ paymentMethods: z.array(squareSavedCard) }) });

/** POST v1/payment/square/cards: save a card without paying (/add-card with no order). */
export const squareSaveCardBody = z.strictObject({
  sourceId,
  verificationToken: verificationToken.optional(),
  billingZip: billingZip.optional(),
});
export type SquareSaveCardBody = z.infer<typeof squareSaveCardBody>;
export const squareSaveCardResponse = z.object({ success: z.literal(true), data: z.object({ card: squareSavedCard }) });

export const squareDeleteCardResponse = z.object({ success: z.literal(true) });
