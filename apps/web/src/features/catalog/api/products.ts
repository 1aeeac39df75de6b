import type { ProductListQuery, ProductListResponse } from '@store/shared';
import { api } from '../../../lib/api.ts';

export type ProductListing = ProductListResponse['data'];

const productsApi = api.injectEndpoints({
  endpoints: (b) => ({
    catalogProducts: b.query<ProductListing, ProductListQuery>({
      query: ({ sortOrder, price }) => ({
        url: 'v1/admin/product',
        // Only the filters in use go on the URL, so "no filter" is one cache entry.
        params: { ...(sortOrder ? { sortOrder } : {}), ...(price !== undefined ? { price } : {}) },
      }),
      transformResponse: (response: ProductListResponse) => response.data,
      providesTags: ['Products'],
    }),
  }),
});

export const { useCatalogProductsQuery } = productsApi;
