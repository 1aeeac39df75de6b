import type { Settings } from '@store/shared';
import { api } from '../../../lib/api.ts';

const settingsApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** The store settings, for the home page's app download links. */
    catalogSettings: b.query<Settings, void>({
      query: () => 'v1/settings',
      transformResponse: (response: { data: Settings }) => response.data,
      providesTags: ['Settings'],
    }),
  }),
});

export const { useCatalogSettingsQuery } = settingsApi;
