import { api } from '../../../lib/api.ts';
import type { PaymentFirstBody, PaymentFirstData } from '../types.ts';

export const paymentFirstApi = api.injectEndpoints({
  endpoints: (b) => ({
    paymentsFirst: b.mutation<PaymentFirstData, PaymentFirstBody>({
      query: (body) => ({ url: 'v1/nuvei/payment/first', method: 'POST', body }),
      transformResponse: (response: { data: PaymentFirstData }) => response.data,
    }),
  }),
});
