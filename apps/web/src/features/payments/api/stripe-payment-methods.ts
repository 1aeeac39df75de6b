import type { stripePaymentMethodsResponse, StripePaymentMethods } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData } from '../../../lib/api-response.ts';

export const stripePaymentMethodsApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** SPEC §7 GET v1/payment/stripe/payment-methods: data.paymentMethods.card, nuveiCards, cashapp (the payment slice keeps them). */
    paymentsStripeMethods: b.query<StripePaymentMethods, void>({
      query: () => 'v1/payment/stripe/payment-methods',
      transformResponse: responseData<typeof stripePaymentMethodsResponse>().select((data) => data.paymentMethods),
    }),
  }),
});

export const { usePaymentsStripeMethodsQuery } = stripePaymentMethodsApi;
