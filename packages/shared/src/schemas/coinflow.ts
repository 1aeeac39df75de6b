import { z } from 'zod';

// The embedded checkout's session for the storefront's pay page (SPEC §7 GET
// v1/payment/coinflow/session?gameProvider={distributor}; ADR 020). The spec shows neither its query
// beyond gameProvider nor its answer: these are the store's own.

/** The chains a shopper may pay USDC on (the checkout SDK's blockchain names). */
export const EMBEDDED_CHECKOUT_CHAINS = ['solana', 'polygon', 'eth', 'base', 'arbitrum'] as const;
export const embeddedCheckoutChain = z.enum(EMBEDDED_CHECKOUT_CHAINS);
export type EmbeddedCheckoutChain = z.infer<typeof embeddedCheckoutChain>;

/** What the shopper may pay with inside the embedded checkout. */
export const EMBEDDED_CHECKOUT_PAYMENT_METHODS = ['card', 'usdc', 'ach'] as const;

/**
 * Strict: gameProvider names a known distributor; orderId (beyond the spec) picks one of the shopper's
 * pending orders, else their latest pending order is paid. No amount: it is always the order's.
 */
export const coinflowSessionQuery = z.strictObject({
  gameProvider: z.string().min(1).max(63),
  orderId: z.string().min(1).max(64).optional(),
});
export type CoinflowSessionQuery = z.infer<typeof coinflowSessionQuery>;

export const coinflowSessionData = z.object({
  /** Opens the session in the frame; a new one on every call (the previous one stops working). */
  sessionKey: z.string(),
  merchantId: z.string(),
  /** The hosted checkout's origin: the SDK's baseUrl. */
  checkoutBase: z.string(),
  orderId: z.string(),
  /** The order's total; the frame charges the session's amount, whatever the URL says. */
  amountCents: z.number().int().positive(),
  currency: z.literal('USD'),
  blockchains: z.array(embeddedCheckoutChain),
  allowedPaymentMethods: z.array(z.enum(EMBEDDED_CHECKOUT_PAYMENT_METHODS)),
  /** The shopper's e-mail, prefilled in the frame and the payment's billing e-mail (the SDK's `email`). */
  email: z.string().optional(),
  /**
   * The shopper's names and billing address from their profile, prefilled in the frame and sent with a card or
   * bank payment (the SDK's `customerInfo`); only the fields the profile has in a form the checkout takes.
   */
  customerInfo: z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      address: z.string(),
      city: z.string(),
      state: z.string(),
      zip: z.string(),
      country: z.string(),
    })
    .partial()
    .optional(),
  /** Whose page the frame opens: absent, the store's hosted checkout; 'coinflow', Coinflow's purchase page (ADR 041). */
  host: z.literal('coinflow').optional(),
  /** Coinflow's checkout JWT (the page's jwtToken), which holds the amount; only with host 'coinflow'. */
  jwtToken: z.string().optional(),
});
export type CoinflowSessionData = z.infer<typeof coinflowSessionData>;
export const coinflowSessionResponse = z.object({ success: z.literal(true), data: coinflowSessionData });
