import { api } from '../../../lib/api.ts';

export const paymentConfigApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** Where the hosted card fields live (a second origin). Public. */
    paymentsConfig: b.query<{ vaultOrigin: string }, void>({
      query: () => 'v1/nuvei/config',
      transformResponse: (response: { data: { vaultOrigin: string } }) => response.data,
      extraOptions: { noAuth: true },
    }),
  }),
});

export const { usePaymentsConfigQuery } = paymentConfigApi;
