import type { adminAuditResponse } from '@store/shared';
import { responseData, type ResponseData } from '../../../lib/api-response.ts';
import { adminApi } from '../admin-api.ts';

export type AuditPage = ResponseData<typeof adminAuditResponse>;

export interface AuditSearch {
  actor?: string;
  action?: string;
  page: number;
}

export const auditApi = adminApi.injectEndpoints({
  endpoints: (b) => ({
    /** GET v1/admin/audit: newest first; ?actor= an admin's id, ?action= e.g. wallet.adjust. */
    adminAudit: b.query<AuditPage, AuditSearch>({
      query: ({ actor, action, page }) => ({
        url: 'v1/admin/audit',
        params: { page, ...(actor ? { actor } : {}), ...(action ? { action } : {}) },
      }),
      transformResponse: responseData<typeof adminAuditResponse>(),
      providesTags: ['AdminAudit'],
    }),
  }),
});

export const { useAdminAuditQuery } = auditApi;
