import type { squareCreatePaymentResponse, SquareCreatePaymentBody } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData, type ResponseData } from '../../../lib/api-response.ts';
import { squareCardSaved } from './square-cards.ts';

export const squareCreatePaymentApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** SPEC §7 POST v1/payment/square/create-payment: a card form's token or a saved Square card; the card kept on file comes back. */
    paymentsSquareCreatePayment: b.mutation<ResponseData<typeof squareCreatePaymentResponse>, SquareCreatePaymentBody>({
      query: (body) => ({ url: 'v1/payment/square/create-payment', method: 'POST', body }),
      transformResponse: responseData<typeof squareCreatePaymentResponse>(),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data?.card) dispatch(squareCardSaved(data.card));
      },
    }),
  }),
});

export const { usePaymentsSquareCreatePaymentMutation } = squareCreatePaymentApi;
