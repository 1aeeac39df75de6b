import { api } from '../../../lib/api.ts';
import type { Order } from '../types.ts';

export const cancelOrderApi = api.injectEndpoints({
  endpoints: (b) => ({
    checkoutCancelOrder: b.mutation<Order, string>({
      query: (orderId) => ({ url: 'v1/checkout/', method: 'POST', body: { orderId, action: 'cancel' } }),
      transformResponse: (response: { data: Order }) => response.data,
    }),
  }),
});

export const { useCheckoutCancelOrderMutation } = cancelOrderApi;
