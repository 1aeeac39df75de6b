import type { MessageResponse } from '@store/shared';
import { api } from '../../../lib/api.ts';

const forgotPasswordApi = api.injectEndpoints({
  endpoints: (b) => ({
    authForgotPassword: b.mutation<MessageResponse, { email: string }>({
      query: (body) => ({ url: 'v1/auth/forgot-password', method: 'POST', body }),
      extraOptions: { skipErrorHandler: true },
    }),
  }),
});

export const { useAuthForgotPasswordMutation } = forgotPasswordApi;
