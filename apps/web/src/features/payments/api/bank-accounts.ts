import type { bankAccountsResponse, SavedBankAccount } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData } from '../../../lib/api-response.ts';

export const bankAccountsApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** The shopper's linked bank accounts, newest first (GET v1/nuvei/banks; SPEC §3 userSavedCardsACH). */
    paymentsBankAccounts: b.query<SavedBankAccount[], void>({
      query: () => 'v1/nuvei/banks',
      transformResponse: responseData<typeof bankAccountsResponse>().select((data) => data.bankAccounts),
    }),
  }),
});

export const { usePaymentsBankAccountsQuery } = bankAccountsApi;
