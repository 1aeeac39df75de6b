import { api } from '../../../lib/api.ts';
import type { Order } from '../types.ts';

export interface BuyNowArgs {
  id: string;
  type?: 'product' | 'giftCard';
  quantity?: number;
}

export const buyNowApi = api.injectEndpoints({
  endpoints: (b) => ({
    checkoutBuyNow: b.mutation<Order, BuyNowArgs>({
      query: ({ id, ...body }) => ({ url: `v1/checkout/buy/${encodeURIComponent(id)}`, method: 'POST', body }),
      transformResponse: (response: { data: Order }) => response.data,
    }),
  }),
});

export const { useCheckoutBuyNowMutation } = buyNowApi;
