import type { GetCartResponse } from '@store/shared';
import { api } from '../../../lib/api.ts';

export const getCartApi = api.injectEndpoints({
  endpoints: (b) => ({
    // The whole answer: SPEC §7 feeds the cart from data, and order cart and tax data from the rest.
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
