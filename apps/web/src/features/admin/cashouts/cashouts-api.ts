import type { AdminCashoutItem, AdminCashoutListItem, adminCashoutListResponse, adminCashoutResponse, CashoutStatus } from '@store/shared';
import { responseData } from '../../../lib/api-response.ts';
import { adminApi, AFTER_ANY_CHANGE } from '../admin-api.ts';

export const cashoutsAdminApi = adminApi.injectEndpoints({
  endpoints: (b) => ({
    /** GET v1/admin/cashouts?status=: newest first; every state without one. */
    adminCashouts: b.query<AdminCashoutListItem[], CashoutStatus | undefined>({
      query: (status) => ({ url: 'v1/admin/cashouts', params: status ? { status } : {} }),
      transformResponse: responseData<typeof adminCashoutListResponse>(),
      providesTags: ['AdminCashout'],
    }),
    /** POST v1/admin/cashouts/:id/approve: the payout goes to the bank. */
    approveCashout: b.mutation<AdminCashoutItem, string>({
      query: (id) => ({ url: `v1/admin/cashouts/${encodeURIComponent(id)}/approve`, method: 'POST' }),
      transformResponse: responseData<typeof adminCashoutResponse>(),
      invalidatesTags: ['AdminCashout', 'AdminUser', ...AFTER_ANY_CHANGE],
    }),
    /** POST v1/admin/cashouts/:id/reject { reason }: the coins go back to winWallet. */
    rejectCashout: b.mutation<AdminCashoutItem, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `v1/admin/cashouts/${encodeURIComponent(id)}/reject`, method: 'POST', body: { reason } }),
      transformResponse: responseData<typeof adminCashoutResponse>(),
      invalidatesTags: ['AdminCashout', 'AdminUser', ...AFTER_ANY_CHANGE],
    }),
  }),
});

export const { useAdminCashoutsQuery, useApproveCashoutMutation, useRejectCashoutMutation } = cashoutsAdminApi;
