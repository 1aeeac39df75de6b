/** The sandbox's test cards (README "Payments sandbox"); any other valid card is approved frictionless. */
export const SANDBOX_CARDS = {
  frictionless: '4111111111111111',
  challenge: '4000000000003220',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  // Approved at once; then a refund of the payment (an admin's, ADR 026)...
  /** ...is declined by the issuer. */
  refundDeclined: '4000000000005126',
  /** ...is made, but its answer never arrives (a timeout): a lookup finds the payment refunded. */
  refundAnswerLost: '4000000000000119',
  /** Held by an authOnly payment of the hosted checkout, its capture is made but the answer is lost (a timeout). */
  captureAnswerLost: '4000000000000127',
  /** The gateway does not answer a payment with it: nothing is recorded, the store sees a fault (an outage, issue 24). */
  gatewayDown: '4000000000000408',
} as const;

export const SANDBOX_THREE_D_VERSION = '2.1.0';
