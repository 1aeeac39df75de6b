import type { GetUserResponse, ProfileUpdate } from '@store/shared';
import { api } from '../../../lib/api.ts';

// PUT v1/user/profile (ADR 019). It answers as getuser does; the 'User' tag makes getuser ask again, so
// the header's name and the user state follow without a reload. The page reads a refused field itself
// (its 400 names it) and hands other failures to the shared handler.
export const updateProfileApi = api.injectEndpoints({
  endpoints: (build) => ({
    profileUpdate: build.mutation<GetUserResponse, ProfileUpdate>({
      query: (body) => ({ url: 'v1/user/profile', method: 'PUT', body }),
      extraOptions: { skipErrorHandler: true },
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useProfileUpdateMutation } = updateProfileApi;
