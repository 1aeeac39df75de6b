import type { cartResponse, Cart } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData } from '../../../lib/api-response.ts';

export const applyCouponApi = api.injectEndpoints({
  endpoints: (b) => ({
    // A GET that changes the cart (SPEC §7), so a mutation: it must run every time it is asked.
    cartApplyCoupon: b.mutation<Cart, string>({
      query: (code) => `v1/cart/apply-coupon/${encodeURIComponent(code)}`,
      transformResponse: responseData<typeof cartResponse>(),
    }),
  }),
});

export const { useCartApplyCouponMutation } = applyCouponApi;
