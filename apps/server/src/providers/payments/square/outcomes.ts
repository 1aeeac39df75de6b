// Square's answers read as the store's: a payment as the core's outcome (start, confirm) or lookup
// (reconciliation), a card error as the shopper's decline, a card on file as the store shows a saved
// card. Pure functions of the SDK's types; the calls themselves are in provider.ts.
import { SquareError, type Square } from 'square';
import type { DeclineCode, LookupOutcome, PaymentOutcome } from '../types.ts';

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

/** Square's card errors (category PAYMENT_METHOD_ERROR) are the shopper's declines; anything else is a fault. */
export function declineOf(err: unknown): { code: DeclineCode; reason: string; paymentId: string } | null {
  if (!(err instanceof SquareError)) return null;
  const cardError = err.errors.find(
    (e) => e.category === 'PAYMENT_METHOD_ERROR' || e.code === 'CARD_TOKEN_USED' || e.code === 'CARD_TOKEN_EXPIRED',
  );
  if (!cardError) return null;
  const body = err.body as { payment?: { id?: string } } | undefined;
  return {
    code: cardError.code === 'INSUFFICIENT_FUNDS' ? 'INSUFFICIENT_FUNDS' : 'CARD_DECLINED',
    reason: cardError.code,
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
