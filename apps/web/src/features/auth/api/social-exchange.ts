import type { loginResponse, SocialExchangeBody } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData } from '../../../lib/api-response.ts';
import type { SignedInSession } from './login.ts';

// POST v1/auth/social/exchange (ADR 029): the landing page's one-time code becomes a session, as login's.
const socialExchangeApi = api.injectEndpoints({
  endpoints: (b) => ({
    authSocialExchange: b.mutation<SignedInSession, SocialExchangeBody>({
      query: (body) => ({ url: 'v1/auth/social/exchange', method: 'POST', body }),
      transformResponse: responseData<typeof loginResponse>(),
      extraOptions: { skipErrorHandler: true },
    }),
  }),
});

export const { useAuthSocialExchangeMutation } = socialExchangeApi;
