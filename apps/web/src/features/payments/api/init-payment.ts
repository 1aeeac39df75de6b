import { api } from '../../../lib/api.ts';
import type { InitPaymentBody, InitPaymentData } from '../types.ts';

export const initPaymentApi = api.injectEndpoints({
  endpoints: (b) => ({
    paymentsInit: b.mutation<InitPaymentData, InitPaymentBody>({
      query: (body) => ({ url: 'v1/nuvei/init', method: 'POST', body }),
      transformResponse: (response: { data: InitPaymentData }) => response.data,
    }),
  }),
});
