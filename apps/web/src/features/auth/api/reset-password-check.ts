import { api } from '../../../lib/api.ts';

const resetPasswordCheckApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** Is this reset link still good? Answers the e-mail it belongs to. */
    authResetPasswordCheck: b.query<{ email: string }, string>({
      query: (token) => `v1/auth/reset-password/${encodeURIComponent(token)}`,
      transformResponse: (response: { data: { email: string } }) => response.data,
      // A link is single-use: never answer from a cache after it may have been spent.
      keepUnusedDataFor: 0,
      extraOptions: { skipErrorHandler: true },
    }),
  }),
});

export const { useAuthResetPasswordCheckQuery } = resetPasswordCheckApi;
