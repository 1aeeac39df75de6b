import { api } from '../../../lib/api.ts';

export const stripeDeleteMethodApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** SPEC §7 DELETE v1/payment/stripe/payment-methods/{id}; the slice drops the id from the card, cash-app and cashier lists (§4). */
    paymentsStripeDeleteMethod: b.mutation<void, string>({
      query: (id) => ({ url: `v1/payment/stripe/payment-methods/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: () => undefined,
    }),
  }),
});

export const { usePaymentsStripeDeleteMethodMutation } = stripeDeleteMethodApi;
