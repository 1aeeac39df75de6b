import type { squareSaveCardResponse, SquareSaveCardBody, SquareSavedCard } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData } from '../../../lib/api-response.ts';
import { squareCardSaved } from './square-cards.ts';

export const squareSaveCardApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** Beyond the spec (ADR 004): POST v1/payment/square/cards, a card saved at Square without paying. */
    paymentsSquareSaveCard: b.mutation<SquareSavedCard, SquareSaveCardBody>({
      query: (body) => ({ url: 'v1/payment/square/cards', method: 'POST', body }),
      transformResponse: responseData<typeof squareSaveCardResponse>().select((data) => data.card),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(squareCardSaved(data));
      },
    }),
  }),
});

export const { usePaymentsSquareSaveCardMutation } = squareSaveCardApi;
