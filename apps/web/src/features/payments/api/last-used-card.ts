import type { LastUsedCard, lastUsedCardResponse } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData } from '../../../lib/api-response.ts';

export const lastUsedCardApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** Beyond the spec (ADR 004): GET v1/payment/last-used-card, the saved card the shopper last paid with, or null. */
    paymentsLastUsedCard: b.query<LastUsedCard | null, void>({
      query: () => 'v1/payment/last-used-card',
      transformResponse: responseData<typeof lastUsedCardResponse>().select((data) => data.lastUsedCard),
    }),
  }),
});

export const { usePaymentsLastUsedCardQuery } = lastUsedCardApi;
