import type { purchasesResponse } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData } from '../../../lib/api-response.ts';
import type { Purchase } from '../types.ts';

export const myPurchasesApi = api.injectEndpoints({
  endpoints: (b) => ({
    purchasesMyPurchases: b.query<Purchase[], void>({
      query: () => 'v1/checkout/my-purchases',
      transformResponse: responseData<typeof purchasesResponse>(),
    }),
  }),
});

export const { usePurchasesMyPurchasesQuery } = myPurchasesApi;
