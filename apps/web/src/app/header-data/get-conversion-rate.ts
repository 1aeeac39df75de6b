import { TRANSACTION_LIMIT_KEY, type conversionRateResponse } from '@store/shared';
import { api } from '../../lib/api.ts';
import type { ApiResponse } from '../../lib/api-response.ts';
import { storage } from '../../lib/storage.ts';

// GET v1/cart/convertionrate (SPEC §7): sent without the token; transactionLimit is stored locally.
export const conversionRateApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The whole answer: data is the coin rate (coins per dollar), transactionLimit the largest order in cents.
    headerConversionRate: build.query<ApiResponse<typeof conversionRateResponse>, void>({
      query: () => 'v1/cart/convertionrate',
      extraOptions: { noAuth: true, skipErrorHandler: true },
      async onQueryStarted(_arg, { queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          storage.set(TRANSACTION_LIMIT_KEY, data.transactionLimit);
        } catch {
          // Header-fetch errors are ignored (SPEC §8).
        }
      },
    }),
  }),
});

export const { useHeaderConversionRateQuery } = conversionRateApi;
