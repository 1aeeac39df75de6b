import type { adminCouponResponse, adminCouponsResponse, AdminCouponInput, AdminCouponUpdate } from '@store/shared';
import { responseData, type ResponseData } from '../../../lib/api-response.ts';
import { adminApi, AFTER_ANY_CHANGE } from '../admin-api.ts';

export type AdminCouponPage = ResponseData<typeof adminCouponsResponse>;
export type AdminCouponRow = ResponseData<typeof adminCouponResponse>;
export interface CouponListArgs {
  page: number;
  /** The start of the code. */
  q?: string;
}

const AFTER_CHANGE = ['AdminCoupon', 'Cart', ...AFTER_ANY_CHANGE] as const;

export const couponsApi = adminApi.enhanceEndpoints({ addTagTypes: ['AdminCoupon'] }).injectEndpoints({
  endpoints: (b) => ({
    /** GET v1/admin/coupons: newest first, with the uses so far. */
    adminCoupons: b.query<AdminCouponPage, CouponListArgs>({
      query: ({ page, q }) => ({ url: 'v1/admin/coupons', params: { page, limit: 20, ...(q ? { q } : {}) } }),
      transformResponse: responseData<typeof adminCouponsResponse>(),
      providesTags: ['AdminCoupon'],
    }),
    createCoupon: b.mutation<AdminCouponRow, AdminCouponInput>({
      query: (body) => ({ url: 'v1/admin/coupons', method: 'POST', body }),
      transformResponse: responseData<typeof adminCouponResponse>(),
      extraOptions: { skipErrorHandler: true },
      invalidatesTags: [...AFTER_CHANGE],
    }),
    updateCoupon: b.mutation<AdminCouponRow, { id: string; body: AdminCouponUpdate }>({
      query: ({ id, body }) => ({ url: `v1/admin/coupons/${encodeURIComponent(id)}`, method: 'PUT', body }),
      transformResponse: responseData<typeof adminCouponResponse>(),
      extraOptions: { skipErrorHandler: true },
      invalidatesTags: [...AFTER_CHANGE],
    }),
    disableCoupon: b.mutation<AdminCouponRow, { id: string; version: number }>({
      query: ({ id, version }) => ({ url: `v1/admin/coupons/${encodeURIComponent(id)}/disable`, method: 'POST', body: { version } }),
      transformResponse: responseData<typeof adminCouponResponse>(),
      extraOptions: { skipErrorHandler: true },
      invalidatesTags: [...AFTER_CHANGE],
    }),
  }),
});

export const { useAdminCouponsQuery, useCreateCouponMutation, useUpdateCouponMutation, useDisableCouponMutation } = couponsApi;
