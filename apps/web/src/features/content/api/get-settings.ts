import type { Settings } from '@store/shared';
import { api } from '../../../lib/api.ts';

// GET v1/settings: company details and app links for the header, footer and content pages.
// A failure only leaves those blocks empty (SPEC §8: header-fetch errors are ignored), so no toast.
export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    contentSettings: build.query<Settings, void>({
      query: () => 'v1/settings',
      extraOptions: { skipErrorHandler: true },
      transformResponse: (response: { success: true; data: Settings }) => response.data,
      providesTags: ['Settings'],
    }),
  }),
});

export const { useContentSettingsQuery } = settingsApi;
