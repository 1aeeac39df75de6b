import type { stripeSaveCardResponse, StripeSaveCardBody, StripeSavedCard } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData } from '../../../lib/api-response.ts';

export const stripeSaveCardApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** Beyond the spec (ADR 004): a card saved with Stripe, from a vault token (sandbox) or a Stripe.js PaymentMethod id. */
    paymentsStripeSaveCard: b.mutation<StripeSavedCard, StripeSaveCardBody>({
      query: (body) => ({ url: 'v1/payment/stripe/payment-methods', method: 'POST', body }),
      transformResponse: responseData<typeof stripeSaveCardResponse>().select((data) => data.paymentMethod),
    }),
  }),
});

export const { usePaymentsStripeSaveCardMutation } = stripeSaveCardApi;
