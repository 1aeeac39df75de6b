import { api } from '../../../lib/api.ts';

export const deleteBankAccountApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** SPEC §7 DELETE v1/nuvei/banks/{id}; §4: the account leaves the bank list. */
    paymentsDeleteBankAccount: b.mutation<void, string>({
      query: (id) => ({ url: `v1/nuvei/banks/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: () => undefined,
    }),
  }),
});

export const { usePaymentsDeleteBankAccountMutation } = deleteBankAccountApi;
