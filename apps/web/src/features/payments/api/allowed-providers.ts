import type { allowedProvidersResponse, AllowedPayment } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData } from '../../../lib/api-response.ts';

export const allowedProvidersApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** Which method kinds this shopper may pay with now, as the server decides (SPEC §7, §3 allowedPaymentsProviders). */
    paymentsAllowedProviders: b.query<AllowedPayment, void>({
      query: () => 'v1/payment/allowed-providers',
      transformResponse: responseData<typeof allowedProvidersResponse>().select((data) => data.data.allowedPayment),
    }),
  }),
});

export const { usePaymentsAllowedProvidersQuery } = allowedProvidersApi;
