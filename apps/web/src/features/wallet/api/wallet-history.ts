import type { walletHistoryResponse } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData, type ResponseData } from '../../../lib/api-response.ts';

export type WalletHistoryPageData = ResponseData<typeof walletHistoryResponse>;

export const walletHistoryApi = api.injectEndpoints({
  endpoints: (b) => ({
    walletHistory: b.query<WalletHistoryPageData, { page: number; limit: number }>({
      query: ({ page, limit }) => ({ url: 'v1/wallet/history', params: { page, limit } }),
      transformResponse: responseData<typeof walletHistoryResponse>(),
    }),
  }),
});

export const { useWalletHistoryQuery } = walletHistoryApi;
