import type { VerifyEmailResponse } from '@store/shared';
import { api } from '../../../lib/api.ts';

const confirmEmailChangeApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** POST v1/auth/change-email/confirm: the link's token moves the account to the new address (issue 24). */
    authConfirmEmailChange: b.mutation<VerifyEmailResponse['data'], { token: string }>({
      query: (body) => ({ url: 'v1/auth/change-email/confirm', method: 'POST', body }),
      transformResponse: (response: VerifyEmailResponse) => response.data,
      extraOptions: { skipErrorHandler: true },
      // A signed-in tab shows the new address at once (getuser asks again).
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useAuthConfirmEmailChangeMutation } = confirmEmailChangeApi;
