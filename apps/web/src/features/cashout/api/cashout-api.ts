import type {
  bankAccountsResponse,
  CashoutItem,
  cashoutListResponse,
  CashoutRequestBody,
  cashoutResponse,
  SavedBankAccount,
} from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData, type ResponseData } from '../../../lib/api-response.ts';
import { cashoutListReplaced, cashoutReceived } from '../cashout-slice.ts';

export type CashoutList = ResponseData<typeof cashoutListResponse>;

export const cashoutApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** GET v1/third-party/requests/cashouts: the shopper's cash-outs (newest first) and the rules; replaces the slice's list. */
    cashouts: b.query<CashoutList, void>({
      query: () => 'v1/third-party/requests/cashouts',
      transformResponse: responseData<typeof cashoutListResponse>(),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(cashoutListReplaced(data.items));
      },
    }),
    /** SPEC §7 POST v1/third-party/requests/cashouts: the new cash-out goes to the front of the slice's list. */
    requestCashout: b.mutation<CashoutItem, CashoutRequestBody>({
      query: (body) => ({ url: 'v1/third-party/requests/cashouts', method: 'POST', body }),
      transformResponse: responseData<typeof cashoutResponse>(),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(cashoutReceived(data));
      },
    }),
    /** The saved bank accounts a cash-out can be paid to (GET v1/nuvei/banks). */
    cashoutBankAccounts: b.query<SavedBankAccount[], void>({
      query: () => 'v1/nuvei/banks',
      transformResponse: responseData<typeof bankAccountsResponse>().select((data) => data.bankAccounts),
    }),
  }),
});

export const { useCashoutsQuery, useRequestCashoutMutation, useCashoutBankAccountsQuery } = cashoutApi;
