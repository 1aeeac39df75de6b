import type { Promotion } from '@store/shared';
import { api } from '../../../lib/api.ts';

const activePromotionWebApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** The promotion running on the web store now, or null (SPEC §7: the client reads `promotion`). */
    catalogActivePromotionWeb: b.query<Promotion | null, void>({
      query: () => 'v1/admin/promotions/active-promotion-web',
      transformResponse: (response: { data: Promotion | null; promotion: Promotion | null }) => response.promotion ?? response.data ?? null,
      providesTags: ['Promotion'],
    }),
  }),
});

export const { useCatalogActivePromotionWebQuery } = activePromotionWebApi;
