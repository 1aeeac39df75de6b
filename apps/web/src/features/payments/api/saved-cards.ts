import type { savedCardsResponse, SavedCard } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData } from '../../../lib/api-response.ts';

export const savedCardsApi = api.injectEndpoints({
  endpoints: (b) => ({
    paymentsSavedCards: b.query<SavedCard[], void>({
      query: () => 'v1/nuvei/cards',
      transformResponse: responseData<typeof savedCardsResponse>().select((data) => data.paymentMethods),
    }),
  }),
});

export const { usePaymentsSavedCardsQuery } = savedCardsApi;
