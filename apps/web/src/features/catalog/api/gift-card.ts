import type { GiftCard, Product } from '@store/shared';
import { api } from '../../../lib/api.ts';

const giftCardApi = api.injectEndpoints({
  endpoints: (b) => ({
    catalogGiftCard: b.query<Product | GiftCard, string>({
      query: (id) => `v1/admin/gift-card/${encodeURIComponent(id)}`,
      transformResponse: (response: { data: { data: Product | GiftCard } }) => response.data.data,
      providesTags: ['Products'],
    }),
  }),
});

export const { useCatalogGiftCardQuery } = giftCardApi;
