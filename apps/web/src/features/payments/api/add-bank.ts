import type { addBankResponse, BankLinkData, BankLinkReturn } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData } from '../../../lib/api-response.ts';

export const addBankApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** SPEC §7 POST v1/nuvei/add_bank: the bank-linking page to open (with an order it comes back to its pay page; with returnTo, to that page). */
    paymentsAddBank: b.mutation<BankLinkData, { orderId?: string; returnTo?: BankLinkReturn }>({
      query: (body) => ({ url: 'v1/nuvei/add_bank', method: 'POST', body }),
      transformResponse: responseData<typeof addBankResponse>(),
    }),
  }),
});

export const { usePaymentsAddBankMutation } = addBankApi;
