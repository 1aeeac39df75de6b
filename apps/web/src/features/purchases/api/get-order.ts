import { api } from '../../../lib/api.ts';
import type { Purchase } from '../types.ts';

export const purchaseOrderApi = api.injectEndpoints({
  endpoints: (b) => ({
    purchasesOrder: b.query<Purchase, string>({
      query: (orderId) => ({ url: 'v1/checkout/getorder', params: { orderId } }),
      transformResponse: (response: { data: Purchase }) => response.data,
    }),
  }),
});

export const { usePurchasesOrderQuery } = purchaseOrderApi;
