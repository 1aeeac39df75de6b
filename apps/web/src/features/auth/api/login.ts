import type { LoginBody, LoginResponse } from '@store/shared';
import { api } from '../../../lib/api.ts';

export type SignedInSession = LoginResponse['data'];

const loginApi = api.injectEndpoints({
  endpoints: (b) => ({
    // A wrong password answers 401: it must show inline, not go through the shared forced sign-out.
    authLogin: b.mutation<SignedInSession, LoginBody>({
      query: (body) => ({ url: 'v1/auth/login', method: 'POST', body }),
      transformResponse: (response: LoginResponse) => response.data,
      extraOptions: { skipErrorHandler: true },
    }),
  }),
});

export const { useAuthLoginMutation } = loginApi;
