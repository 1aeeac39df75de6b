import type { orderResponse, BuyNowBody, Order } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData } from '../../../lib/api-response.ts';

export type BuyNowArgs = { id: string } & BuyNowBody;

export const buyNowApi = api.injectEndpoints({
  endpoints: (b) => ({
    checkoutBuyNow: b.mutation<Order, BuyNowArgs>({
      query: ({ id, ...body }) => ({ url: `v1/checkout/buy/${encodeURIComponent(id)}`, method: 'POST', body }),
      transformResponse: responseData<typeof orderResponse>(),
    }),
  }),
});

export const { useCheckoutBuyNowMutation } = buyNowApi;
