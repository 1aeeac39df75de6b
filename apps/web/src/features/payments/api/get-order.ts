import { api } from '../../../lib/api.ts';
import type { PayableOrder } from '../types.ts';

export const payableOrderApi = api.injectEndpoints({
  endpoints: (b) => ({
    paymentsOrder: b.query<PayableOrder, string>({
      query: (orderId) => ({ url: 'v1/checkout/getorder', params: { orderId } }),
      transformResponse: (response: { data: PayableOrder }) => response.data,
    }),
  }),
});

export const { usePaymentsOrderQuery } = payableOrderApi;
