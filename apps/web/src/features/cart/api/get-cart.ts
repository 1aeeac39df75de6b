import { api } from '../../../lib/api.ts';
import type { GetCartResponse } from '../types.ts';

export const getCartApi = api.injectEndpoints({
  endpoints: (b) => ({
    cartGetCart: b.query<GetCartResponse, void>({
      query: () => 'v1/cart',
      providesTags: ['Cart'],
    }),
  }),
});

export const { useCartGetCartQuery } = getCartApi;
