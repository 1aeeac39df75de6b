import type { singleProductResponse, GiftCard, Product } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData } from '../../../lib/api-response.ts';

const productApi = api.injectEndpoints({
  endpoints: (b) => ({
    // data.data is the package (SPEC §7).
    catalogProduct: b.query<Product | GiftCard, string>({
      query: (id) => `v1/admin/product/eachProduct/${encodeURIComponent(id)}`,
      transformResponse: responseData<typeof singleProductResponse>().select((data) => data.data),
      providesTags: ['Products'],
    }),
  }),
});

export const { useCatalogProductQuery } = productApi;
