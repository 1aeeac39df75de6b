import type { adminPromotionResponse, adminPromotionsResponse, AdminPromotionInput, AdminPromotionUpdate } from '@store/shared';
import { responseData, type ResponseData } from '../../../lib/api-response.ts';
import { adminApi, AFTER_ANY_CHANGE } from '../admin-api.ts';

export type AdminPromotionPage = ResponseData<typeof adminPromotionsResponse>;
export type AdminPromotionRow = ResponseData<typeof adminPromotionResponse>;
export interface PromotionListArgs {
  page: number;
  status?: 'scheduled' | 'running' | 'ended';
}

// A change also makes the shoppers' promotion ('Promotion') ask again, so this tab shows it at once.
const AFTER_CHANGE = ['AdminPromotion', 'Promotion', ...AFTER_ANY_CHANGE] as const;

export const promotionsApi = adminApi.enhanceEndpoints({ addTagTypes: ['AdminPromotion'] }).injectEndpoints({
  endpoints: (b) => ({
    /** GET v1/admin/promotions/manage: newest first, a page at a time. */
    adminPromotions: b.query<AdminPromotionPage, PromotionListArgs>({
      query: ({ page, status }) => ({ url: 'v1/admin/promotions/manage', params: { page, limit: 20, ...(status ? { status } : {}) } }),
      transformResponse: responseData<typeof adminPromotionsResponse>(),
      providesTags: ['AdminPromotion'],
    }),
    createPromotion: b.mutation<AdminPromotionRow, AdminPromotionInput>({
      query: (body) => ({ url: 'v1/admin/promotions/manage', method: 'POST', body }),
      transformResponse: responseData<typeof adminPromotionResponse>(),
      extraOptions: { skipErrorHandler: true },
      invalidatesTags: [...AFTER_CHANGE],
    }),
    updatePromotion: b.mutation<AdminPromotionRow, { id: string; body: AdminPromotionUpdate }>({
      query: ({ id, body }) => ({ url: `v1/admin/promotions/manage/${encodeURIComponent(id)}`, method: 'PUT', body }),
      transformResponse: responseData<typeof adminPromotionResponse>(),
      extraOptions: { skipErrorHandler: true },
      invalidatesTags: [...AFTER_CHANGE],
    }),
    endPromotion: b.mutation<AdminPromotionRow, { id: string; version: number }>({
      query: ({ id, version }) => ({ url: `v1/admin/promotions/manage/${encodeURIComponent(id)}/end`, method: 'POST', body: { version } }),
      transformResponse: responseData<typeof adminPromotionResponse>(),
      extraOptions: { skipErrorHandler: true },
      invalidatesTags: [...AFTER_CHANGE],
    }),
  }),
});

export const { useAdminPromotionsQuery, useCreatePromotionMutation, useUpdatePromotionMutation, useEndPromotionMutation } = promotionsApi;
