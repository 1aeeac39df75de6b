import type { nuveiInitResponse, NuveiInitBody } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData, type ResponseData } from '../../../lib/api-response.ts';

export const initPaymentApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** SPEC §4 card payment step 1 (§7 POST v1/nuvei/init). */
    paymentsInit: b.mutation<ResponseData<typeof nuveiInitResponse>, NuveiInitBody>({
      query: (body) => ({ url: 'v1/nuvei/init', method: 'POST', body }),
      transformResponse: responseData<typeof nuveiInitResponse>(),
    }),
  }),
});
