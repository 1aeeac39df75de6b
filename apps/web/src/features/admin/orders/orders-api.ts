import type { adminOrderDetailResponse, adminOrdersResponse, adminRefundResponse, AdminRefundResult, OrderStatus } from '@store/shared';
import { responseData, type ResponseData } from '../../../lib/api-response.ts';
import { adminApi, AFTER_ANY_CHANGE } from '../admin-api.ts';

export type AdminOrderPage = ResponseData<typeof adminOrdersResponse>;
export type AdminOrderDetail = ResponseData<typeof adminOrderDetailResponse>;

export interface AdminOrderSearch {
  q?: string;
  userId?: string;
  state?: OrderStatus;
  from?: string;
  to?: string;
  page: number;
}

/** Only the filters that are set: the server refuses an empty one. */
function searchParams({ page, ...filters }: AdminOrderSearch) {
  return { page, ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) };
}

export const ordersApi = adminApi.injectEndpoints({
  endpoints: (b) => ({
    /** GET v1/admin/orders: by id or e-mail prefix, user, state, date range; 20 a page. */
    adminOrders: b.query<AdminOrderPage, AdminOrderSearch>({
      query: (search) => ({ url: 'v1/admin/orders', params: searchParams(search) }),
      transformResponse: responseData<typeof adminOrdersResponse>(),
      providesTags: [{ type: 'AdminOrder', id: 'LIST' }],
    }),
    /** GET v1/admin/orders/:id: lines, payments, ledger entries. */
    adminOrder: b.query<AdminOrderDetail, string>({
      query: (id) => `v1/admin/orders/${encodeURIComponent(id)}`,
      transformResponse: responseData<typeof adminOrderDetailResponse>(),
      providesTags: (_r, _e, id) => [{ type: 'AdminOrder', id }],
    }),
    /** POST v1/admin/orders/:id/refund (ADR 026): through the provider; the grant is reversed in the ledger. */
    refundOrder: b.mutation<AdminRefundResult, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `v1/admin/orders/${encodeURIComponent(id)}/refund`, method: 'POST', body: { reason } }),
      transformResponse: responseData<typeof adminRefundResponse>(),
      // A refused refund may mean another admin refunded it: the detail asks again either way.
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'AdminOrder', id },
        { type: 'AdminOrder', id: 'LIST' },
        'AdminUser',
        ...AFTER_ANY_CHANGE,
      ],
    }),
  }),
});

export const { useAdminOrdersQuery, useAdminOrderQuery, useRefundOrderMutation } = ordersApi;
