import { z } from 'zod';
import { billingZip, paymentOrderStatus } from './payments.ts';

// Stripe cards and Cash App Pay (SPEC §7: GET v1/payment/stripe/payment-methods, DELETE
// v1/payment/stripe/payment-methods/{id}, POST v1/payment/stripe/payment-intent/{userPaymentOptionId}
// with an empty body; ADR 012 and ADR 004 for the calls beyond the spec).

/** A card saved with Stripe: its userPaymentOptionId is the PaymentMethod's id (pm_…). */
export const stripeSavedCard = z.object({
  userPaymentOptionId: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type StripeSavedCard = z.infer<typeof stripeSavedCard>;

/** A Cash App account set up for Cash App Pay: its cashtag, or 'Cash App' until Cash App tells it. */
export const stripeCashAppAccount = z.object({ userPaymentOptionId: z.string(), cashtag: z.string() });
export type StripeCashAppAccount = z.infer<typeof stripeCashAppAccount>;

/** A card saved on the card provider's hosted cashier page (SPEC §3 userSavedNuveiCashierCards). */
export const stripeListedCashierCard = z.object({
  userPaymentOptionId: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});

export const stripePaymentMethodsResponse = z.object({
  success: z.literal(true),
  data: z.object({
    paymentMethods: z.object({
      card: z.array(stripeSavedCard),
      nuveiCards: z.array(stripeListedCashierCard),
      cashapp: z.array(stripeCashAppAccount),
    }),
  }),
});
export type StripePaymentMethods = z.infer<typeof stripePaymentMethodsResponse>['data']['paymentMethods'];

export const stripeDeleteMethodResponse = z.object({ success: z.literal(true) });

/** A saved method's id in a path: a Stripe PaymentMethod (pm_…) or a cashier card's id. */
export const stripeMethodIdParam = z.strictObject({ id: z.string().min(1).max(64) });

/** The literal id that pays with a new Cash App account (authorised on Cash App's page) instead of a saved one. */
export const NEW_CASH_APP_ID = 'cashapp';

export const stripePaymentIntentParams = z.strictObject({
  userPaymentOptionId: z.union([
    z.string().regex(/^pm_[A-Za-z0-9]{6,60}$/, 'must be a saved Stripe payment method (pm_…)'),
    z.literal(NEW_CASH_APP_ID),
  ]),
});
/** The order goes in the query: the spec's body is empty. */
export const stripePaymentIntentQuery = z.strictObject({ orderId: z.string().min(1).max(64) });

/** What the shopper must do: go to Stripe's page (3-D Secure, Cash App), or let Stripe.js finish it in the page. */
export const stripeNextAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('redirect'), url: z.string() }),
  z.object({ type: z.literal('client'), clientSecret: z.string() }),
]);
export type StripeNextAction = z.infer<typeof stripeNextAction>;

export const stripePaymentIntentResponse = z.object({
  success: z.literal(true),
  data: z.object({
    /** approved: paid; requires_action: see nextAction; processing: the money has not settled yet. Declines answer 402. */
    status: z.enum(['approved', 'requires_action', 'processing']),
    paymentIntentId: z.string(),
    orderStatus: paymentOrderStatus,
    nextAction: stripeNextAction.optional(),
  }),
});
export type StripePaymentIntentData = z.infer<typeof stripePaymentIntentResponse>['data'];

const vaultToken = z.string().min(8).max(128);
/**
 * Saving a Stripe card: a card vault token (the sandbox, from our hosted fields) or a PaymentMethod id
 * (Stripe's own card element, with real keys). Exactly one. No card number is ever taken.
 */
export const stripeSaveCardBody = z
  .strictObject({
    vaultToken: vaultToken.optional(),
    paymentMethodId: z
      .string()
      .regex(/^pm_[A-Za-z0-9]{6,60}$/, 'must be a Stripe PaymentMethod id (pm_…)')
      .optional(),
    /** With a vault token: the card's billing ZIP or postcode (Stripe's card element asks its own). */
    billingZip: billingZip.optional(),
  })
  .refine((body) => (body.vaultToken === undefined) !== (body.paymentMethodId === undefined), {
    message: 'Give exactly one of vaultToken and paymentMethodId',
    path: ['vaultToken'],
  })
  .refine((body) => body.billingZip === undefined || body.vaultToken !== undefined, {
    message: "Stripe's card element takes the ZIP or postcode itself",
    path: ['billingZip'],
  });
export type StripeSaveCardBody = z.infer<typeof stripeSaveCardBody>;
export const stripeSaveCardResponse = z.object({ success: z.literal(true), data: z.object({ paymentMethod: stripeSavedCard }) });

/** Adding a Cash App account: the page of Cash App's to authorise the store on (the shopper comes back to /add-card). */
export const stripeCashAppSetupResponse = z.object({
  success: z.literal(true),
  data: z.object({ setupIntentId: z.string(), url: z.string() }),
});

/** What the web needs for the card form: Stripe's publishable key (real Stripe) or the sandbox and our vault's fields. */
export const stripeConfigResponse = z.object({
  success: z.literal(true),
  data: z.object({
    mode: z.enum(['stripe', 'sandbox', 'off']),
    publishableKey: z.string().nullable(),
    vaultOrigin: z.string(),
  }),
});
export type StripeConfig = z.infer<typeof stripeConfigResponse>['data'];

/** Where the shopper lands back on the pay page after a Cash App setup: /add-card?cashApp=added|failed. */
export const CASH_APP_SETUP_RESULT_PARAM = 'cashApp';
/** Set on /payment-success when the order had been paid another way meanwhile and this payment was refunded. */
export const DUPLICATE_PAYMENT_REFUNDED_PARAM = 'duplicateRefunded';
export const DUPLICATE_PAYMENT_REFUNDED_TEXT =
  'This order had already been paid another way, so your second payment was refunded. Nothing more was charged.';
