import type { coinflowSessionResponse, CoinflowSessionQuery } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData, type ResponseData } from '../../../lib/api-response.ts';

export const coinflowSessionApi = api.injectEndpoints({
  endpoints: (b) => ({
    /**
     * SPEC §7 GET v1/payment/coinflow/session?gameProvider=: the embedded checkout's session for the order.
     * A mutation, though a GET: each call gives a new session key (the last one stops working), so it is
     * never cached or shared between components.
     */
    paymentsCoinflowSession: b.mutation<ResponseData<typeof coinflowSessionResponse>, CoinflowSessionQuery>({
      query: (params) => ({ url: 'v1/payment/coinflow/session', method: 'GET', params }),
      transformResponse: responseData<typeof coinflowSessionResponse>(),
    }),
  }),
});

export const { usePaymentsCoinflowSessionMutation } = coinflowSessionApi;
