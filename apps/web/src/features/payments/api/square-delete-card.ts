import { api } from '../../../lib/api.ts';
import { squareCardDeleted } from './square-cards.ts';

export const squareDeleteCardApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** Beyond the spec (ADR 004): DELETE v1/payment/square/cards/{id} (disabled at Square). */
    paymentsSquareDeleteCard: b.mutation<void, string>({
      query: (id) => ({ url: `v1/payment/square/cards/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const done = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (done) dispatch(squareCardDeleted(id));
      },
    }),
  }),
});

export const { usePaymentsSquareDeleteCardMutation } = squareDeleteCardApi;
