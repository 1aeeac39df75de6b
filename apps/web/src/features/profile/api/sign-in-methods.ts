import type { SignInMethodsResponse, SocialExchangeBody, SocialProviderName } from '@store/shared';
import { api } from '../../../lib/api.ts';

// GET / DELETE v1/auth/providers (ADR 029): the shopper's ways to sign in, unlinking a provider and linking
// one. An unlink or a finished link answers the new list; a refused one (409) is shown on the page, and a
// done one makes getuser ask again (fbData / appleData). The list is also asked again: a link is finished as
// the profile opens, while the list's first request may still be on its way, and that answer, older than the
// link, would otherwise land on top of the new list (seen on a loaded machine: "Apple is now linked" above
// "Not linked").
export const signInMethodsApi = api.injectEndpoints({
  endpoints: (build) => ({
    profileSignInMethods: build.query<SignInMethodsResponse['data'], void>({
      query: () => 'v1/auth/providers',
      transformResponse: (response: SignInMethodsResponse) => response.data,
      providesTags: ['SignInMethods'],
    }),
    profileUnlinkProvider: build.mutation<SignInMethodsResponse['data'], SocialProviderName>({
      query: (provider) => ({ url: `v1/auth/providers/${provider}`, method: 'DELETE' }),
      transformResponse: (response: SignInMethodsResponse) => response.data,
      extraOptions: { skipErrorHandler: true },
      invalidatesTags: ['User', 'SignInMethods'],
      async onQueryStarted(_provider, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(signInMethodsApi.util.upsertQueryData('profileSignInMethods', undefined, data));
        } catch {
          // The page shows the refusal.
        }
      },
    }),
    /** POST v1/auth/providers/{provider}/link: where the browser goes to ask the provider. */
    profileStartLink: build.mutation<string, { provider: SocialProviderName; binding: string }>({
      query: ({ provider, binding }) => ({ url: `v1/auth/providers/${provider}/link`, method: 'POST', body: { binding } }),
      transformResponse: (response: { data: { url: string } }) => response.data.url,
      extraOptions: { skipErrorHandler: true },
    }),
    /** POST v1/auth/providers/{provider}/link/finish: the code the provider's answer came back with, and this tab's secret. */
    profileFinishLink: build.mutation<SignInMethodsResponse['data'], { provider: SocialProviderName } & SocialExchangeBody>({
      query: ({ provider, ...body }) => ({ url: `v1/auth/providers/${provider}/link/finish`, method: 'POST', body }),
      transformResponse: (response: SignInMethodsResponse) => response.data,
      extraOptions: { skipErrorHandler: true },
      invalidatesTags: ['User', 'SignInMethods'],
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
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

export const { useProfileSignInMethodsQuery, useProfileUnlinkProviderMutation, useProfileStartLinkMutation, useProfileFinishLinkMutation } =
  signInMethodsApi;
