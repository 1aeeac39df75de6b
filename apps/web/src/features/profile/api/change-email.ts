import type { ChangeEmailBody } from '@store/shared';
import { api } from '../../../lib/api.ts';

// POST v1/auth/change-email (issue 24): a link to the new address; the account moves when it is opened.
const changeEmailApi = api.injectEndpoints({
  endpoints: (build) => ({
    profileChangeEmail: build.mutation<string, ChangeEmailBody>({
      query: (body) => ({ url: 'v1/auth/change-email', method: 'POST', body }),
      transformResponse: (response: { message: string }) => response.message,
      extraOptions: { skipErrorHandler: true },
    }),
  }),
});

export const { useProfileChangeEmailMutation } = changeEmailApi;
