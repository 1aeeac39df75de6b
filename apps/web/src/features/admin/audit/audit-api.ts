import type { adminAuditResponse } from '@store/shared';
import { responseData, type ResponseData } from '../../../lib/api-response.ts';
import { adminApi } from '../admin-api.ts';

export type AuditPage = ResponseData<typeof adminAuditResponse>;

export interface AuditSearch {
  /** The admin who acted, by e-mail. */
  actorEmail?: string;
  action?: string;
  page: number;
}

export const auditApi = adminApi.injectEndpoints({
  endpoints: (b) => ({
    /** GET v1/admin/audit: newest first; ?actorEmail= an admin's e-mail, ?action= e.g. wallet.adjust. */
    adminAudit: b.query<AuditPage, AuditSearch>({
      query: ({ actorEmail, action, page }) => ({
        url: 'v1/admin/audit',
        params: { page, ...(actorEmail ? { actorEmail } : {}), ...(action ? { action } : {}) },
      }),
      transformResponse: responseData<typeof adminAuditResponse>(),
      providesTags: ['AdminAudit'],
    }),
  }),
});

export const { useAdminAuditQuery } = auditApi;
