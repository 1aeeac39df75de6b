import type { VerifyEmailResponse } from '@store/shared';
import { api } from '../../../lib/api.ts';

const verifyEmailApi = api.injectEndpoints({
  endpoints: (b) => ({
    authVerifyEmail: b.mutation<VerifyEmailResponse, { token: string }>({
      query: (body) => ({ url: 'v1/auth/verify-email', method: 'POST', body }),
      extraOptions: { skipErrorHandler: true },
    }),
  }),
});

export const { useAuthVerifyEmailMutation } = verifyEmailApi;
