import type { Promotion } from '@store/shared';
import { api } from '../../lib/api.ts';

export interface ActivePromotionResponse {
  success: true;
  data: Promotion | null;
  promotion: Promotion | null;
}

// GET v1/admin/promotions/active-promotion-web (SPEC §7): the web channel's promotion.
export const activePromotionWebApi = api.injectEndpoints({
  endpoints: (build) => ({
    headerActivePromotionWeb: build.query<ActivePromotionResponse, void>({
      query: () => 'v1/admin/promotions/active-promotion-web',
      extraOptions: { skipErrorHandler: true },
      providesTags: ['Promotion'],
    }),
  }),
});

export const { useHeaderActivePromotionWebQuery } = activePromotionWebApi;
