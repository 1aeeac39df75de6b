import type { SignInMethodsResponse, SocialProviderName } from '@store/shared';
import { api } from '../../../lib/api.ts';

// GET / DELETE v1/auth/providers (ADR 029): the shopper's ways to sign in, and unlinking a provider. An
// unlink answers the new list; a refused one (409: the last way to sign in) is shown on the page, and a
// done one makes getuser ask again (fbData / appleData).
export const signInMethodsApi = api.injectEndpoints({
  endpoints: (build) => ({
    profileSignInMethods: build.query<SignInMethodsResponse['data'], void>({
      query: () => 'v1/auth/providers',
      transformResponse: (response: SignInMethodsResponse) => response.data,
    }),
    profileUnlinkProvider: build.mutation<SignInMethodsResponse['data'], SocialProviderName>({
      query: (provider) => ({ url: `v1/auth/providers/${provider}`, method: 'DELETE' }),
      transformResponse: (response: SignInMethodsResponse) => response.data,
      extraOptions: { skipErrorHandler: true },
      invalidatesTags: ['User'],
      async onQueryStarted(_provider, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(signInMethodsApi.util.upsertQueryData('profileSignInMethods', undefined, data));
        } catch {
          // The page shows the refusal.
        }
      },
    }),
  }),
});

export const { useProfileSignInMethodsQuery, useProfileUnlinkProviderMutation } = signInMethodsApi;
