import type { MessageResponse, SignupBody } from '@store/shared';
import { api } from '../../../lib/api.ts';

const signupApi = api.injectEndpoints({
  endpoints: (b) => ({
    authSignup: b.mutation<MessageResponse, SignupBody>({
      query: (body) => ({ url: 'v1/auth/signup', method: 'POST', body }),
      extraOptions: { skipErrorHandler: true },
    }),
  }),
});

export const { useAuthSignupMutation } = signupApi;
