import type { paymentFirstResponse, PaymentFirstBody } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData, type ResponseData } from '../../../lib/api-response.ts';

export const paymentFirstApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** SPEC §4 card payment steps 2-3 (§7 POST v1/nuvei/payment/first: body plus version and relatedTransactionId). */
    paymentsFirst: b.mutation<ResponseData<typeof paymentFirstResponse>, PaymentFirstBody>({
      query: (body) => ({ url: 'v1/nuvei/payment/first', method: 'POST', body }),
      transformResponse: responseData<typeof paymentFirstResponse>(),
    }),
  }),
});
