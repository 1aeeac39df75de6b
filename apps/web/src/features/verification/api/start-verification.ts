import type { KycStartResponse } from '@store/shared';
import { api } from '../../../lib/api.ts';

// POST v1/kyc/jumio/start (ADR 016): a new attempt at the identity provider; answers the provider's page
// (shown in a frame) and the record as it now is. The page shows its own message when it fails.
export const startVerificationApi = api.injectEndpoints({
  endpoints: (build) => ({
    verificationStart: build.mutation<KycStartResponse['data'], void>({
      query: () => ({ url: 'v1/kyc/jumio/start', method: 'POST' }),
      transformResponse: (response: KycStartResponse) => response.data,
      extraOptions: { skipErrorHandler: true },
    }),
  }),
});

export const { useVerificationStartMutation } = startVerificationApi;
