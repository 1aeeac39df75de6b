import type { squareCardsResponse, SquareSavedCard } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData } from '../../../lib/api-response.ts';

export const squareCardsApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** Beyond the spec (ADR 004): GET v1/payment/square/cards, the shopper's saved Square cards, newest first. */
    paymentsSquareCards: b.query<SquareSavedCard[], void>({
      query: () => 'v1/payment/square/cards',
      transformResponse: responseData<typeof squareCardsResponse>().select((data) => data.paymentMethods),
    }),
  }),
});

export const { usePaymentsSquareCardsQuery } = squareCardsApi;

/** SPEC §4 "Saving": the card goes to the front of the list, replacing the entry with the same userPaymentOptionId. */
export const squareCardSaved = (card: SquareSavedCard) =>
  squareCardsApi.util.updateQueryData('paymentsSquareCards', undefined, (cards) => [
    card,
    ...cards.filter((entry) => entry.userPaymentOptionId !== card.userPaymentOptionId),
  ]);

/** SPEC §4 "Deleting a card": gone from the list. */
export const squareCardDeleted = (id: string) =>
  squareCardsApi.util.updateQueryData('paymentsSquareCards', undefined, (cards) =>
    cards.filter((entry) => entry.userPaymentOptionId !== id),
  );
