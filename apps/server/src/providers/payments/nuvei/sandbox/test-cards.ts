/** The sandbox's test cards (README "Payments sandbox"); any other valid card is approved frictionless. */
export const SANDBOX_CARDS = {
  frictionless: '4111111111111111',
  challenge: '4000000000003220',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export const SANDBOX_THREE_D_VERSION = '2.1.0';
