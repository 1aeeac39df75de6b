import { api } from '../../../lib/api.ts';
import type { GetCartResponse } from '../types.ts';

export const getCartApi = api.injectEndpoints({
  endpoints: (b) => ({
    cartGetCart: b.query<GetCartResponse, void>({
      query: () => 'v1/cart',
      // One of the header fetches, whose errors SPEC §8 ignores (getuser's own rule handles a 401);
      // the cart page shows its own "couldn't load" state instead of a toast.
      extraOptions: { skipErrorHandler: true },
      providesTags: ['Cart'],
    }),
  }),
});

export const { useCartGetCartQuery } = getCartApi;
