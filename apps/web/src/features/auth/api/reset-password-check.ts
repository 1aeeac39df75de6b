import type { resetTokenResponse } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData, type ResponseData } from '../../../lib/api-response.ts';

const resetPasswordCheckApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** Is this reset link still good? Answers the e-mail it belongs to. */
    authResetPasswordCheck: b.query<ResponseData<typeof resetTokenResponse>, string>({
      query: (token) => `v1/auth/reset-password/${encodeURIComponent(token)}`,
      transformResponse: responseData<typeof resetTokenResponse>(),
      // A link is single-use: never answer from a cache after it may have been spent.
      keepUnusedDataFor: 0,
      extraOptions: { skipErrorHandler: true },
    }),
  }),
});

export const { useAuthResetPasswordCheckQuery } = resetPasswordCheckApi;
