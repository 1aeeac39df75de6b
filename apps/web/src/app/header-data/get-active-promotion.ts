import type { Promotion } from '@store/shared';
import { api } from '../../lib/api.ts';

export interface ActivePromotionResponse {
  success: true;
  data: Promotion | null;
  promotion: Promotion | null;
}

// GET v1/admin/promotions/active-promotion (SPEC §7): the app channel's promotion, sent without the token.
export const activePromotionApi = api.injectEndpoints({
  endpoints: (build) => ({
    headerActivePromotion: build.query<ActivePromotionResponse, void>({
      query: () => 'v1/admin/promotions/active-promotion',
      extraOptions: { noAuth: true, skipErrorHandler: true },
      providesTags: ['Promotion'],
    }),
  }),
});

export const { useHeaderActivePromotionQuery } = activePromotionApi;
