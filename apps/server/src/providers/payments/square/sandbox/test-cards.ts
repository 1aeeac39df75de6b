// The Square sandbox's test values (README "Payments sandbox"): Square's own sandbox card numbers and
// test tokens, as far as the store uses them. Cards come from our card vault's fields (the sandbox has
// no Web Payments SDK offline), tokens straight in the API (Square's documented test tokens).

/** Card numbers typed into the card fields. Any other valid card is approved, as 4111 1111 1111 1111 is. */
export const SQUARE_SANDBOX_CARDS = {
  approved: '4111111111111111',
  /** Square's sandbox GENERIC_DECLINE card. */
  declined: '4000000000000002',
  /** INSUFFICIENT_FUNDS (the store's card sandbox uses the same number). */
  insufficientFunds: '4000000000009995',
  /**
   * The payment is held PENDING (as Square holds one for review), then completed by the sandbox a couple
   * of seconds later, which Square reports with payment.updated: the order is paid by the webhook.
   */
  pending: '4000000000000010',
} as const;

/** A decline as Square reports it: card_details.errors and the error of the answer. */
export interface SandboxDecline {
  code:
    'GENERIC_DECLINE' | 'INSUFFICIENT_FUNDS' | 'CVV_FAILURE' | 'ADDRESS_VERIFICATION_FAILURE' | 'INVALID_EXPIRATION' | 'INVALID_CARD_DATA';
  detail: string;
}

/** Square's test tokens for the Payments and Cards APIs (source_id), each a Visa ending 1111 unless it declines. */
export const SQUARE_TEST_TOKENS: Record<string, SandboxDecline | null> = {
  'cnon:card-nonce-ok': null,
  'cnon:card-nonce-declined': { code: 'GENERIC_DECLINE', detail: 'Authorization error: GENERIC_DECLINE' },
  'cnon:card-nonce-rejected-cvv': { code: 'CVV_FAILURE', detail: 'Authorization error: CVV_FAILURE' },
  'cnon:card-nonce-rejected-postalcode': {
    code: 'ADDRESS_VERIFICATION_FAILURE',
    detail: 'Authorization error: ADDRESS_VERIFICATION_FAILURE',
  },
  'cnon:card-nonce-rejected-expiration': { code: 'INVALID_EXPIRATION', detail: 'Authorization error: INVALID_EXPIRATION' },
};

/** The decline a card number gets; null when it is approved. */
export function declineForNumber(number: string): SandboxDecline | null {
  if (number === SQUARE_SANDBOX_CARDS.declined) return { code: 'GENERIC_DECLINE', detail: 'Authorization error: GENERIC_DECLINE' };
  if (number === SQUARE_SANDBOX_CARDS.insufficientFunds)
    return { code: 'INSUFFICIENT_FUNDS', detail: 'Authorization error: INSUFFICIENT_FUNDS' };
  return null;
}
