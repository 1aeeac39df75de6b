import type { couponListResponse, CouponOffer } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData } from '../../../lib/api-response.ts';

export const couponsApi = api.injectEndpoints({
  endpoints: (b) => ({
    cartCoupons: b.query<CouponOffer[], void>({
      query: () => 'v1/checkout/coupons',
      transformResponse: responseData<typeof couponListResponse>(),
      providesTags: ['Cart'],
    }),
  }),
});

export const { useCartCouponsQuery } = couponsApi;
