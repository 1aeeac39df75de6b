import { api } from '../../../lib/api.ts';
import type { AvailableCoupon } from '../types.ts';

export const couponsApi = api.injectEndpoints({
  endpoints: (b) => ({
    cartCoupons: b.query<AvailableCoupon[], void>({
      query: () => 'v1/checkout/coupons',
      transformResponse: (response: { data: AvailableCoupon[] }) => response.data,
      providesTags: ['Cart'],
    }),
  }),
});

export const { useCartCouponsQuery } = couponsApi;
