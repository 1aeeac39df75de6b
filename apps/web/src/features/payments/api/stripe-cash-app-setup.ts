import type { stripeCashAppSetupResponse } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData, type ResponseData } from '../../../lib/api-response.ts';

export const stripeCashAppSetupApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** Beyond the spec (ADR 004): Cash App's page to authorise the store on; the shopper comes back to /add-card?cashApp=. */
    paymentsStripeCashAppSetup: b.mutation<ResponseData<typeof stripeCashAppSetupResponse>, void>({
      query: () => ({ url: 'v1/payment/stripe/cash-app/setup', method: 'POST' }),
      transformResponse: responseData<typeof stripeCashAppSetupResponse>(),
    }),
  }),
});

export const { usePaymentsStripeCashAppSetupMutation } = stripeCashAppSetupApi;
