import type { orderResponse, Order } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData } from '../../../lib/api-response.ts';

export const cancelOrderApi = api.injectEndpoints({
  endpoints: (b) => ({
    checkoutCancelOrder: b.mutation<Order, string>({
      query: (orderId) => ({ url: 'v1/checkout/', method: 'POST', body: { orderId, action: 'cancel' } }),
      transformResponse: responseData<typeof orderResponse>(),
    }),
  }),
});

export const { useCheckoutCancelOrderMutation } = cancelOrderApi;
