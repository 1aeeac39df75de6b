import type { stripePaymentIntentResponse, StripePaymentIntentData } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData } from '../../../lib/api-response.ts';

export interface StripePaymentIntentArgs {
  /** A saved Stripe card or Cash App account (pm_…), or 'cashapp' for a new Cash App account. */
  userPaymentOptionId: string;
  orderId: string;
}

export const stripePaymentIntentApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** SPEC §7 POST v1/payment/stripe/payment-intent/{userPaymentOptionId}: empty body; the order goes in the query. */
    paymentsStripePaymentIntent: b.mutation<StripePaymentIntentData, StripePaymentIntentArgs>({
      query: ({ userPaymentOptionId, orderId }) => ({
        url: `v1/payment/stripe/payment-intent/${encodeURIComponent(userPaymentOptionId)}?orderId=${encodeURIComponent(orderId)}`,
        method: 'POST',
      }),
      transformResponse: responseData<typeof stripePaymentIntentResponse>(),
    }),
  }),
});

export const { usePaymentsStripePaymentIntentMutation } = stripePaymentIntentApi;
