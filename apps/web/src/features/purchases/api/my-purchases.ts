import { api } from '../../../lib/api.ts';
import type { Purchase } from '../types.ts';

export const myPurchasesApi = api.injectEndpoints({
  endpoints: (b) => ({
    purchasesMyPurchases: b.query<Purchase[], void>({
      query: () => 'v1/checkout/my-purchases',
      transformResponse: (response: { data: Purchase[] }) => response.data,
    }),
  }),
});

export const { usePurchasesMyPurchasesQuery } = myPurchasesApi;
