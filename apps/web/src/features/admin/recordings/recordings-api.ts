import type {
  adminRecordingEventsResponse,
  adminRecordingsResponse,
  RecordingSettings,
  recordingConfigResponse,
  recordingSettingsResponse,
} from '@store/shared';
import { responseData, type ResponseData } from '../../../lib/api-response.ts';
import { adminApi, AFTER_ANY_CHANGE } from '../admin-api.ts';

export type RecordingsPage = ResponseData<typeof adminRecordingsResponse>;
export type RecordingReplay = ResponseData<typeof adminRecordingEventsResponse>;

export interface RecordingsSearch {
  userId?: string;
  orderId?: string;
  chatId?: string;
  page: number;
}

const recordingsWithTags = adminApi.enhanceEndpoints({ addTagTypes: ['AdminRecordingSettings'] });

export const recordingsApi = recordingsWithTags.injectEndpoints({
  endpoints: (b) => ({
    /** GET v1/admin/recordings: newest first, by user, order or chat. */
    adminRecordings: b.query<RecordingsPage, RecordingsSearch>({
      query: ({ page, ...filters }) => ({
        url: 'v1/admin/recordings',
        params: { page, ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) },
      }),
      transformResponse: responseData<typeof adminRecordingsResponse>(),
    }),
    /** GET v1/admin/recordings/:id/events: the session and its events, for the player. */
    adminRecordingEvents: b.query<RecordingReplay, string>({
      query: (id) => `v1/admin/recordings/${encodeURIComponent(id)}/events`,
      transformResponse: responseData<typeof adminRecordingEventsResponse>(),
    }),
    /** The settings in force, as the browser reads them (GET v1/recordings/config). */
    recordingSettings: b.query<RecordingSettings, void>({
      query: () => 'v1/recordings/config',
      transformResponse: responseData<typeof recordingConfigResponse>().select(({ samplePercent, retentionDays }) => ({
        samplePercent,
        retentionDays,
      })),
      providesTags: ['AdminRecordingSettings'],
    }),
    /** PUT v1/admin/recordings/settings (audited). */
    saveRecordingSettings: b.mutation<RecordingSettings, RecordingSettings>({
      query: (body) => ({ url: 'v1/admin/recordings/settings', method: 'PUT', body }),
      extraOptions: { skipErrorHandler: true },
      transformResponse: responseData<typeof recordingSettingsResponse>(),
      invalidatesTags: ['AdminRecordingSettings', ...AFTER_ANY_CHANGE],
    }),
  }),
});

export const { useAdminRecordingsQuery, useAdminRecordingEventsQuery, useRecordingSettingsQuery, useSaveRecordingSettingsMutation } =
  recordingsApi;
