import { api } from '../../../lib/api.ts';
import type { Cart } from '../types.ts';

export const applyCouponApi = api.injectEndpoints({
  endpoints: (b) => ({
    // A GET that changes the cart (SPEC §7), so a mutation: it must run every time it is asked.
    cartApplyCoupon: b.mutation<Cart, string>({
      query: (code) => `v1/cart/apply-coupon/${encodeURIComponent(code)}`,
      transformResponse: (response: { data: Cart }) => response.data,
    }),
  }),
});

export const { useCartApplyCouponMutation } = applyCouponApi;
