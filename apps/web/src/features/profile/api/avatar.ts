import type { GetUserResponse } from '@store/shared';
import { api } from '../../../lib/api.ts';

// POST v1/user/avatar takes the picture itself as the body (the browser sends the file's own type);
// DELETE v1/user/avatar goes back to the default avatar. Both answer as getuser does and make it ask
// again ('User'), so the header's picture changes without a reload.
export const avatarApi = api.injectEndpoints({
  endpoints: (build) => ({
    profileAvatarUpload: build.mutation<GetUserResponse, Blob>({
      query: (picture) => ({ url: 'v1/user/avatar', method: 'POST', body: picture }),
      extraOptions: { skipErrorHandler: true },
      invalidatesTags: ['User'],
    }),
    profileAvatarRemove: build.mutation<GetUserResponse, void>({
      query: () => ({ url: 'v1/user/avatar', method: 'DELETE' }),
      extraOptions: { skipErrorHandler: true },
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useProfileAvatarUploadMutation, useProfileAvatarRemoveMutation } = avatarApi;
