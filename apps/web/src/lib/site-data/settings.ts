import type { settingsResponse, Settings } from '@store/shared';
import { api } from '../api.ts';
import { responseData } from '../api-response.ts';

// GET v1/settings (SPEC §7): company details and app links for the header, footer, home and content
// pages. One endpoint for all of them, so a page asks once and every block shares the cached answer.
// A failure only leaves those blocks empty (SPEC §8: header-fetch errors are ignored), so no toast.
export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    siteSettings: build.query<Settings, void>({
      query: () => 'v1/settings',
      extraOptions: { skipErrorHandler: true },
      transformResponse: responseData<typeof settingsResponse>(),
      providesTags: ['Settings'],
    }),
  }),
});

export const { useSiteSettingsQuery } = settingsApi;
