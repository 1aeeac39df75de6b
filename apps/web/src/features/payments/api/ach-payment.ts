import type { AchPaymentBody, AchPaymentData, achPaymentResponse } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData } from '../../../lib/api-response.ts';

export const achPaymentApi = api.injectEndpoints({
  endpoints: (b) => ({
    /**
     * SPEC §7 POST v1/nuvei/payment/ach, two actions: with userPaymentOptionId, pay from that bank account
     * (processing until it settles); without, the bank-linking page to open, the order paid once linked.
     */
    paymentsAch: b.mutation<AchPaymentData, AchPaymentBody>({
      query: (body) => ({ url: 'v1/nuvei/payment/ach', method: 'POST', body }),
      transformResponse: responseData<typeof achPaymentResponse>(),
    }),
  }),
});

export const { usePaymentsAchMutation } = achPaymentApi;
