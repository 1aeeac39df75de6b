import type { loginResponse, LoginBody } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData, type ResponseData } from '../../../lib/api-response.ts';

export type SignedInSession = ResponseData<typeof loginResponse>;

const loginApi = api.injectEndpoints({
  endpoints: (b) => ({
    // A wrong password answers 401: it must show inline, not go through the shared forced sign-out.
    authLogin: b.mutation<SignedInSession, LoginBody>({
      query: (body) => ({ url: 'v1/auth/login', method: 'POST', body }),
      transformResponse: responseData<typeof loginResponse>(),
      extraOptions: { skipErrorHandler: true },
    }),
  }),
});

export const { useAuthLoginMutation } = loginApi;
