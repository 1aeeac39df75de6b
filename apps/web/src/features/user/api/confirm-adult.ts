import { api } from '../../../lib/api.ts';

// POST v1/user/confirm-adult (issue 24): the account holder confirms being 18 or older; getuser then says so.
const confirmAdultApi = api.injectEndpoints({
  endpoints: (build) => ({
    userConfirmAdult: build.mutation<void, void>({
      query: () => ({ url: 'v1/user/confirm-adult', method: 'POST', body: { adultConfirmed: true } }),
      extraOptions: { skipErrorHandler: true },
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useUserConfirmAdultMutation } = confirmAdultApi;
