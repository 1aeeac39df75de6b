import { api } from '../../../lib/api.ts';

const distinctPricesApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** The prices (integer cents) the catalogue has, for the price filter. */
    catalogDistinctPrices: b.query<number[], void>({
      query: () => 'v1/admin/product/getDistinctPrices',
      transformResponse: (response: { data: number[] }) => response.data,
      providesTags: ['Products'],
    }),
  }),
});

export const { useCatalogDistinctPricesQuery } = distinctPricesApi;
