import type { paymentsConfigResponse } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData, type ResponseData } from '../../../lib/api-response.ts';

export const paymentConfigApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** Where the hosted card fields live (a second origin). Public. */
    paymentsConfig: b.query<ResponseData<typeof paymentsConfigResponse>, void>({
      query: () => 'v1/nuvei/config',
      transformResponse: responseData<typeof paymentsConfigResponse>(),
      extraOptions: { noAuth: true },
    }),
  }),
});

export const { usePaymentsConfigQuery } = paymentConfigApi;
