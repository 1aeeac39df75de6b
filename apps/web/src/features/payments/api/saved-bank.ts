import type { SavedBankAccount, savedBankResponse } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData } from '../../../lib/api-response.ts';

export const savedBankApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** SPEC §7 POST v1/checkout/saved-bank: the account a finished bank link added (§4 Saving: first in the list). */
    paymentsSavedBank: b.mutation<SavedBankAccount, { linkId: string }>({
      query: (body) => ({ url: 'v1/checkout/saved-bank', method: 'POST', body }),
      transformResponse: responseData<typeof savedBankResponse>(),
    }),
  }),
});

export const { usePaymentsSavedBankMutation } = savedBankApi;
