import { api } from '../../../lib/api.ts';
import type { Cart, CartItemKind } from '../types.ts';

export interface AddToCartBody {
  itemId: string;
  quantity: number;
  type?: CartItemKind;
}

export const addToCartApi = api.injectEndpoints({
  endpoints: (b) => ({
    cartAddItem: b.mutation<Cart, AddToCartBody>({
      query: (body) => ({ url: 'v1/cart', method: 'POST', body }),
      transformResponse: (response: { data: Cart }) => response.data,
    }),
  }),
});

export const { useCartAddItemMutation } = addToCartApi;
