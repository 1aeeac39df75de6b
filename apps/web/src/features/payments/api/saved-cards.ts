import { api } from '../../../lib/api.ts';
import type { SavedCard } from '../types.ts';

export const savedCardsApi = api.injectEndpoints({
  endpoints: (b) => ({
    paymentsSavedCards: b.query<SavedCard[], void>({
      query: () => 'v1/nuvei/cards',
      transformResponse: (response: { data: { paymentMethods: SavedCard[] } }) => response.data.paymentMethods,
    }),
  }),
});

export const { usePaymentsSavedCardsQuery } = savedCardsApi;
