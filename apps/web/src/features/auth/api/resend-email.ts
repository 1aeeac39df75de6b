import { api } from '../../../lib/api.ts';

const resendEmailApi = api.injectEndpoints({
  endpoints: (b) => ({
    authResendEmail: b.mutation<{ message?: string }, { email: string }>({
      query: (body) => ({ url: 'v1/auth/resend-email', method: 'POST', body }),
      extraOptions: { skipErrorHandler: true },
    }),
  }),
});

export const { useAuthResendEmailMutation } = resendEmailApi;
