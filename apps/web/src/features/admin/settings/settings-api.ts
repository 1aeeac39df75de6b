import type { adminSettingsResponse, AdminSettingsUpdate } from '@store/shared';
import { responseData, type ResponseData } from '../../../lib/api-response.ts';
import { adminApi, AFTER_ANY_CHANGE } from '../admin-api.ts';

export type AdminSettingsData = ResponseData<typeof adminSettingsResponse>;

export const adminSettingsApi = adminApi.enhanceEndpoints({ addTagTypes: ['AdminSettings'] }).injectEndpoints({
  endpoints: (b) => ({
    /** GET v1/admin/settings: every setting, with the version to send back. */
    adminSettings: b.query<AdminSettingsData, void>({
      query: () => 'v1/admin/settings',
      transformResponse: responseData<typeof adminSettingsResponse>(),
      providesTags: ['AdminSettings'],
    }),
    /** PUT v1/admin/settings; the footer's and the cart's settings ('Settings', 'Cart') ask again. */
    saveAdminSettings: b.mutation<AdminSettingsData, AdminSettingsUpdate>({
      query: (body) => ({ url: 'v1/admin/settings', method: 'PUT', body }),
      transformResponse: responseData<typeof adminSettingsResponse>(),
      extraOptions: { skipErrorHandler: true },
      invalidatesTags: ['AdminSettings', 'Settings', 'Cart', ...AFTER_ANY_CHANGE],
    }),
  }),
});

export const { useAdminSettingsQuery, useSaveAdminSettingsMutation } = adminSettingsApi;
