import type { MessageResponse } from '@store/shared';
import { api } from '../../../lib/api.ts';

// POST v1/auth/logout revokes the session on the server. Sign-out on this device happens whatever it
// answers, so its errors are not shown.
export const logoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    userLogout: build.mutation<MessageResponse, void>({
      query: () => ({ url: 'v1/auth/logout', method: 'POST' }),
      extraOptions: { skipErrorHandler: true },
    }),
  }),
});

export const { useUserLogoutMutation } = logoutApi;
