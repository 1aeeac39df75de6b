import { TRANSACTION_LIMIT_KEY } from '@store/shared';
import { api } from '../../lib/api.ts';
import { storage } from '../../lib/storage.ts';

export interface ConversionRateResponse {
  success: true;
  /** Coins per dollar. */
  data: number;
  /** Largest order total allowed, integer cents. */
  transactionLimit: number;
}

// GET v1/cart/convertionrate (SPEC §7): sent without the token; transactionLimit is stored locally.
export const conversionRateApi = api.injectEndpoints({
  endpoints: (build) => ({
    headerConversionRate: build.query<ConversionRateResponse, void>({
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
