import { api } from '../../../lib/api.ts';

const forgotPasswordApi = api.injectEndpoints({
  endpoints: (b) => ({
    authForgotPassword: b.mutation<{ message?: string }, { email: string }>({
      query: (body) => ({ url: 'v1/auth/forgot-password', method: 'POST', body }),
      extraOptions: { skipErrorHandler: true },
    }),
  }),
});

export const { useAuthForgotPasswordMutation } = forgotPasswordApi;
