import type { MessageResponse } from '@store/shared';
import { api } from '../../../lib/api.ts';

const resendEmailApi = api.injectEndpoints({
  endpoints: (b) => ({
    authResendEmail: b.mutation<MessageResponse, { email: string }>({
      query: (body) => ({ url: 'v1/auth/resend-email', method: 'POST', body }),
      extraOptions: { skipErrorHandler: true },
    }),
  }),
});

export const { useAuthResendEmailMutation } = resendEmailApi;
