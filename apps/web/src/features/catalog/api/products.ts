import type { productListResponse, ProductListQuery } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData, type ResponseData } from '../../../lib/api-response.ts';

/** The listing: coin packages (data) and gift cards. */
export type ProductListing = ResponseData<typeof productListResponse>;

const productsApi = api.injectEndpoints({
  endpoints: (b) => ({
    catalogProducts: b.query<ProductListing, ProductListQuery>({
      query: ({ sortOrder, price }) => ({
        url: 'v1/admin/product',
        // Only the filters in use go on the URL, so "no filter" is one cache entry.
        params: { ...(sortOrder ? { sortOrder } : {}), ...(price !== undefined ? { price } : {}) },
      }),
      transformResponse: responseData<typeof productListResponse>(),
      providesTags: ['Products'],
    }),
  }),
});

export const { useCatalogProductsQuery } = productsApi;
