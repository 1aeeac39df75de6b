import { api } from '../../lib/api.ts';
import type { ActivePromotionResponse } from './get-active-promotion.ts';

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
