import type { GiftCard, Product } from '@store/shared';
import { api } from '../../../lib/api.ts';

const productApi = api.injectEndpoints({
  endpoints: (b) => ({
    catalogProduct: b.query<Product | GiftCard, string>({
      query: (id) => `v1/admin/product/eachProduct/${encodeURIComponent(id)}`,
      transformResponse: (response: { data: { data: Product | GiftCard } }) => response.data.data,
      providesTags: ['Products'],
    }),
  }),
});

export const { useCatalogProductQuery } = productApi;
