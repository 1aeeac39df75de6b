import type { distinctPricesResponse } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData } from '../../../lib/api-response.ts';

const distinctPricesApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** The prices (integer cents) the catalogue has, for the price filter. */
    catalogDistinctPrices: b.query<number[], void>({
      query: () => 'v1/admin/product/getDistinctPrices',
      transformResponse: responseData<typeof distinctPricesResponse>(),
      providesTags: ['Products'],
    }),
  }),
});

export const { useCatalogDistinctPricesQuery } = distinctPricesApi;
