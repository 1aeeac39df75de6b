import type { loginResponse } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData } from '../../../lib/api-response.ts';
import type { SignedInSession } from './login.ts';

const testLoginApi = api.injectEndpoints({
  endpoints: (b) => ({
    authTestLogin: b.mutation<SignedInSession, { email: string }>({
      query: (body) => ({ url: 'v1/auth/test-login', method: 'POST', body }),
      transformResponse: responseData<typeof loginResponse>(),
      extraOptions: { skipErrorHandler: true },
    }),
  }),
});

export const { useAuthTestLoginMutation } = testLoginApi;
