import type { orderResponse, Order } from '@store/shared';
import { api } from '../api.ts';
import { responseData } from '../api-response.ts';

// GET v1/checkout/getorder (SPEC §7: "data stored as the order"). The one endpoint for an order: the
// payment page, the success page and the checkout's order details all read it, and a feature never
// imports another, so it lives here, below them.
export const getOrderApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkoutOrder: build.query<Order, string>({
      query: (orderId) => ({ url: 'v1/checkout/getorder', params: { orderId } }),
      transformResponse: responseData<typeof orderResponse>(),
    }),
  }),
});

export const { useCheckoutOrderQuery } = getOrderApi;
