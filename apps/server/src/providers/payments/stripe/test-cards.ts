// Stripe's documented test cards, as the built-in sandbox plays them (README "Payments sandbox"). Any
// other valid card number in the vault is approved without 3-D Secure, as 4242 4242 4242 4242 is.
export const STRIPE_TEST_CARDS = {
  succeeds: '4242424242424242',
  /** 3-D Secure 2 required on every payment ("authenticate unless set up"). */
  threeDSecure: '4000002760003184',
  /** Declined on attach and on payment: generic_decline. */
  declined: '4000000000000002',
  /** Attaches, then every payment is declined for insufficient funds. */
  insufficientFunds: '4000000000009995',
} as const;

export type CardBehaviour =
  | { kind: 'succeeds' }
  | { kind: 'three_d_secure' }
  | { kind: 'declined'; declineCode: 'generic_decline' | 'insufficient_funds'; message: string };

export function cardBehaviour(number: string): CardBehaviour {
  switch (number) {
    case STRIPE_TEST_CARDS.threeDSecure:
      return { kind: 'three_d_secure' };
    case STRIPE_TEST_CARDS.declined:
      return { kind: 'declined', declineCode: 'generic_decline', message: 'Your card was declined.' };
    case STRIPE_TEST_CARDS.insufficientFunds:
      return { kind: 'declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' };
    default:
      return { kind: 'succeeds' };
  }
}

/** Stripe's brand names for the vault's. */
export const STRIPE_BRANDS: Record<string, string> = {
  visa: 'visa',
  masterCard: 'mastercard',
  americanExpress: 'amex',
  discover: 'discover',
  unknown: 'unknown',
};
