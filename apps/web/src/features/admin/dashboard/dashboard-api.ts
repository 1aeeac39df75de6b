import type { adminDashboardResponse } from '@store/shared';
import { responseData, type ResponseData } from '../../../lib/api-response.ts';
import { adminApi } from '../admin-api.ts';

export type AdminDashboard = ResponseData<typeof adminDashboardResponse>;

export const dashboardApi = adminApi.injectEndpoints({
  endpoints: (b) => ({
    /** GET v1/admin/dashboard: sales, orders by state, what waits for an admin. */
    adminDashboard: b.query<AdminDashboard, void>({
      query: () => 'v1/admin/dashboard',
      transformResponse: responseData<typeof adminDashboardResponse>(),
      providesTags: ['AdminDashboard'],
    }),
  }),
});

export const { useAdminDashboardQuery } = dashboardApi;
