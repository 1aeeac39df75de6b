import type { Promotion, promotionResponse } from '@store/shared';
import { api } from '../api.ts';
import type { ApiResponse } from '../api-response.ts';

/** Both promotion calls answer `{ success, data, promotion }`; the client reads `promotion` (SPEC §7). */
const readPromotion = (response: ApiResponse<typeof promotionResponse>): Promotion | null => response.promotion ?? response.data ?? null;

// SPEC §7 "Promotions and settings". One endpoint per URL, shared by the header and the pages, so a
// screen that needs a promotion reuses the header's cached answer instead of asking again. A missing
// promotion only hides a banner, so failures show no toast (the header-fetch rule of SPEC §8).
export const promotionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The web store's promotion, for signed-in screens. */
    activePromotionWeb: build.query<Promotion | null, void>({
      query: () => 'v1/admin/promotions/active-promotion-web',
      extraOptions: { skipErrorHandler: true },
      transformResponse: readPromotion,
      providesTags: ['Promotion'],
    }),
    /** The non-web (app channel) promotion: sent without x-auth-token (SPEC §6), so guests can see it. */
    activePromotion: build.query<Promotion | null, void>({
      query: () => 'v1/admin/promotions/active-promotion',
      extraOptions: { noAuth: true, skipErrorHandler: true },
      transformResponse: readPromotion,
      providesTags: ['Promotion'],
    }),
  }),
});

export const { useActivePromotionWebQuery, useActivePromotionQuery } = promotionsApi;
