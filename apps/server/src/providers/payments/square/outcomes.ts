// Square's answers read as the store's: a payment as the core's outcome (start, confirm) or lookup
// (reconciliation), a card error as the shopper's decline, a card on file as the store shows a saved
// card. Pure functions of the SDK's types; the calls themselves are in provider.ts.
import { SquareError, type Square } from 'square';
import type { DeclineCode, LookupOutcome, PaymentOutcome } from '@store/server-kit';

/** A saved Square card as the store shows it (userPaymentOptionId is Square's card id). */
export interface SquareCard {
  userPaymentOptionId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  provider: 'square';
}

/** Square's brand names → the store's. */
const BRANDS: Record<string, string> = { VISA: 'visa', MASTERCARD: 'mastercard', AMERICAN_EXPRESS: 'amex', DISCOVER: 'discover' };

export const toSquareCard = (card: Square.Card): SquareCard => ({
  userPaymentOptionId: card.id ?? '',
  brand: BRANDS[card.cardBrand ?? ''] ?? (card.cardBrand ?? 'card').toLowerCase(),
  last4: card.last4 ?? '',
  expMonth: Number(card.expMonth ?? 0),
  expYear: Number(card.expYear ?? 0),
  provider: 'square',
});

/**
 * Square's codes that refuse the card itself rather than the request. Square answers most of them as
 * PAYMENT_METHOD_ERROR, but some as INVALID_REQUEST_ERROR (HTTP 400): CreateCard answers every card it will
 * not keep on file, an issuer's decline included, as INVALID_CARD_DATA ("Invalid card data.", field
 * source_id), by design, so that it tells a card tester nothing more.
 */
const CARD_REFUSAL_CODES = new Set([
  'INVALID_CARD_DATA',
  'INVALID_CARD',
  'CARD_EXPIRED',
  'INVALID_EXPIRATION',
  'INVALID_EXPIRATION_YEAR',
  'INVALID_EXPIRATION_DATE',
  'BAD_EXPIRATION',
  'UNSUPPORTED_CARD_BRAND',
  'CARD_NOT_SUPPORTED',
  'INVALID_ENCRYPTED_CARD',
  'INVALID_POSTAL_CODE',
  'INVALID_ACCOUNT',
  'GENERIC_DECLINE',
  'CARD_DECLINED',
  'CARD_DECLINED_CALL_ISSUER',
  'CARD_DECLINED_VERIFICATION_REQUIRED',
  'CVV_FAILURE',
  'VERIFY_CVV_FAILURE',
  'ADDRESS_VERIFICATION_FAILURE',
  'VERIFY_AVS_FAILURE',
  'INSUFFICIENT_FUNDS',
  'TRANSACTION_LIMIT',
  'CARD_TOKEN_USED',
  'CARD_TOKEN_EXPIRED',
  'SOURCE_USED',
  'SOURCE_EXPIRED',
]);

/** What a refusal code tells the shopper (Square's own detail for any other). */
const REFUSAL_TEXT: Record<string, string> = {
  INVALID_CARD_DATA: 'Square did not accept the card details',
  INVALID_CARD: 'Square did not accept the card details',
  GENERIC_DECLINE: 'the card issuer declined it',
  CARD_DECLINED: 'the card issuer declined it',
  CARD_DECLINED_CALL_ISSUER: 'the card issuer asks you to call them',
  CARD_DECLINED_VERIFICATION_REQUIRED: 'the card issuer wants the payment verified',
  CVV_FAILURE: 'the security code did not match',
  VERIFY_CVV_FAILURE: 'the security code did not match',
  ADDRESS_VERIFICATION_FAILURE: 'the postal code did not match',
  VERIFY_AVS_FAILURE: 'the postal code did not match',
  INVALID_POSTAL_CODE: 'the postal code did not match',
  CARD_EXPIRED: 'the card has expired',
  INVALID_EXPIRATION: 'the expiry date is wrong or the card has expired',
  INVALID_EXPIRATION_YEAR: 'the expiry date is wrong or the card has expired',
  INVALID_EXPIRATION_DATE: 'the expiry date is wrong or the card has expired',
  BAD_EXPIRATION: 'the expiry date is wrong or the card has expired',
  UNSUPPORTED_CARD_BRAND: 'this kind of card is not accepted',
  CARD_NOT_SUPPORTED: 'this kind of card is not accepted',
  INSUFFICIENT_FUNDS: 'there are not enough funds on it',
  CARD_TOKEN_USED: 'the card form was used already; enter the card again',
  CARD_TOKEN_EXPIRED: 'the card form expired; enter the card again',
  SOURCE_USED: 'the card form was used already; enter the card again',
  SOURCE_EXPIRED: 'the card form expired; enter the card again',
};

/** Square refused the card: the store's decline code, Square's code (the reason kept on the payment) and the shopper's words for it. */
export interface SquareRefusal {
  code: DeclineCode;
  reason: string;
  /** Square's reason as the shopper reads it, with Square's code: "Square did not accept the card details (INVALID_CARD_DATA)". */
  explanation: string;
  paymentId: string;
}

/** Square's refusals of the card are the shopper's declines; anything else (an outage, our own bad request) is a fault. */
export function declineOf(err: unknown): SquareRefusal | null {
  if (!(err instanceof SquareError)) return null;
  const cardError = err.errors.find((e) => e.category === 'PAYMENT_METHOD_ERROR' || CARD_REFUSAL_CODES.has(e.code));
  if (!cardError) return null;
  const body = err.body as { payment?: { id?: string } } | undefined;
  const words = REFUSAL_TEXT[cardError.code] ?? cardError.detail?.replace(/\.$/, '') ?? 'Square refused the card';
  return {
    code: cardError.code === 'INSUFFICIENT_FUNDS' ? 'INSUFFICIENT_FUNDS' : 'CARD_DECLINED',
    reason: cardError.code,
    explanation: `${words.charAt(0).toUpperCase()}${words.slice(1)} (${cardError.code})`,
    paymentId: body?.payment?.id ?? '',
  };
}

export const isNotFound = (err: unknown) => err instanceof SquareError && err.statusCode === 404;

const centsOf = (money: Square.Money | undefined) => (money?.amount === undefined || money.amount === null ? null : Number(money.amount));

/** A payment's status as the core's outcome. */
export function outcomeOf(payment: Square.Payment): PaymentOutcome {
  const transactionId = payment.id ?? '';
  switch (payment.status) {
    case 'COMPLETED':
      return { status: 'approved', transactionId, card: null };
    case 'FAILED':
    case 'CANCELED':
      return {
        status: 'declined',
        transactionId,
        code: 'CARD_DECLINED',
        reason: payment.cardDetails?.errors?.map((e) => e.code).join(', ') || `Square payment ${payment.status}`,
      };
    default:
      // APPROVED (authorised, not captured: autocomplete is always on, so only for a moment) or PENDING.
      return { status: 'pending', transactionId };
  }
}

export function lookupOf(payment: Square.Payment): LookupOutcome {
  const transactionId = payment.id ?? '';
  if (payment.refundedMoney?.amount && payment.refundedMoney.amount > 0n) return { status: 'refunded', transactionId };
  const outcome = outcomeOf(payment);
  if (outcome.status === 'approved')
    return {
      status: 'approved',
      transactionId,
      amountCents: centsOf(payment.amountMoney),
      currency: payment.amountMoney?.currency ?? null,
      card: null,
    };
  if (outcome.status === 'declined') return outcome;
  return { status: 'pending', transactionId };
}
