import type { MessageResponse } from '@store/shared';
import { api } from '../../../lib/api.ts';

const resetPasswordApi = api.injectEndpoints({
  endpoints: (b) => ({
    authResetPassword: b.mutation<MessageResponse, { token: string; password: string }>({
      query: (body) => ({ url: 'v1/auth/reset-password', method: 'POST', body }),
      extraOptions: { skipErrorHandler: true },
    }),
  }),
});

export const { useAuthResetPasswordMutation } = resetPasswordApi;
