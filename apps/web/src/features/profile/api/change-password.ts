import type { ChangePasswordBody } from '@store/shared';
import { api } from '../../../lib/api.ts';

// POST v1/auth/change-password (issue 24). The page reads a refused field itself (its 400 names it); a
// change ends every session, this one too, so the page then signs the shopper out here.
export const changePasswordApi = api.injectEndpoints({
  endpoints: (build) => ({
    profileChangePassword: build.mutation<{ message: string }, ChangePasswordBody>({
      query: (body) => ({ url: 'v1/auth/change-password', method: 'POST', body }),
      extraOptions: { skipErrorHandler: true },
    }),
  }),
});

export const { useProfileChangePasswordMutation } = changePasswordApi;
