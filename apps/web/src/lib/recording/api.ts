import type { RecordingConfig, recordingConfigResponse, recordingOptOutResponse } from '@store/shared';
import { api } from '../api.ts';
import { responseData } from '../api-response.ts';

// GET v1/recordings/config for the privacy policy (what is recorded, for how long, the shopper's choice)
// and PUT v1/recordings/opt-out, which keeps a signed-in shopper's choice on the server. The recorder
// itself (start.ts) asks with a plain fetch: it runs outside React, after the app has started.
export const recordingApi = api.injectEndpoints({
  endpoints: (build) => ({
    recordingConfig: build.query<RecordingConfig, void>({
      query: () => 'v1/recordings/config',
      extraOptions: { skipErrorHandler: true },
      transformResponse: responseData<typeof recordingConfigResponse>(),
    }),
    recordingOptOut: build.mutation<{ optedOut: boolean }, boolean>({
      query: (optedOut) => ({ url: 'v1/recordings/opt-out', method: 'PUT', body: { optedOut } }),
      extraOptions: { skipErrorHandler: true },
      transformResponse: responseData<typeof recordingOptOutResponse>(),
    }),
  }),
});

export const { useRecordingConfigQuery, useRecordingOptOutMutation } = recordingApi;
