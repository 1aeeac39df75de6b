import { JUMIO_KEY, type GetUserWithSocialResponse } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { storage } from '../../../lib/storage.ts';

// GET v1/getuser (SPEC §7): data, jumio, states (and fbData, appleData, provider: ADR 029) feed the user, edit-user and customer-info slices.
// The header applies its own failure rules (SPEC §8), so the shared handler stays out.
export const getUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    userGetUser: build.query<GetUserWithSocialResponse, void>({
      query: () => 'v1/getuser',
      extraOptions: { skipErrorHandler: true },
      providesTags: ['User'],
      async onQueryStarted(_arg, { queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // SPEC §3: the verification record is kept locally under the name jumio.
          if (data.jumio) storage.set(JUMIO_KEY, data.jumio);
          else storage.remove(JUMIO_KEY);
        } catch {
          // Failures are handled by the caller (header fetch rules).
        }
      },
    }),
  }),
});

export const { useUserGetUserQuery } = getUserApi;
