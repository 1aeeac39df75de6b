import type { squareConfigResponse } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData, type ResponseData } from '../../../lib/api-response.ts';

export const squareConfigApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** SPEC §7 GET v1/payment/square/config (public): Square's Web Payments SDK to load, or our vault's fields with the sandbox. */
    paymentsSquareConfig: b.query<ResponseData<typeof squareConfigResponse>, void>({
      query: () => 'v1/payment/square/config',
      transformResponse: responseData<typeof squareConfigResponse>(),
      extraOptions: { noAuth: true },
    }),
  }),
});

export const { usePaymentsSquareConfigQuery } = squareConfigApi;
