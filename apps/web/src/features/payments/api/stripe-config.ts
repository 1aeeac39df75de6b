import type { stripeConfigResponse } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData, type ResponseData } from '../../../lib/api-response.ts';

export const stripeConfigApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** Public: Stripe's publishable key (real Stripe), or the sandbox and where our card vault's fields are. */
    paymentsStripeConfig: b.query<ResponseData<typeof stripeConfigResponse>, void>({
      query: () => 'v1/payment/stripe/config',
      transformResponse: responseData<typeof stripeConfigResponse>(),
      extraOptions: { noAuth: true },
    }),
  }),
});

export const { usePaymentsStripeConfigQuery } = stripeConfigApi;
