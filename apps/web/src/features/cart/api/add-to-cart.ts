import type { cartResponse, AddToCartBody, Cart } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData } from '../../../lib/api-response.ts';

export const addToCartApi = api.injectEndpoints({
  endpoints: (b) => ({
    cartAddItem: b.mutation<Cart, AddToCartBody>({
      query: (body) => ({ url: 'v1/cart', method: 'POST', body }),
      transformResponse: responseData<typeof cartResponse>(),
    }),
  }),
});

export const { useCartAddItemMutation } = addToCartApi;
