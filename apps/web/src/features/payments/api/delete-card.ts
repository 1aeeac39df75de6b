import { api } from '../../../lib/api.ts';

export const deleteCardApi = api.injectEndpoints({
  endpoints: (b) => ({
    paymentsDeleteCard: b.mutation<void, string>({
      query: (id) => ({ url: `v1/nuvei/cards/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: () => undefined,
    }),
  }),
});

export const { usePaymentsDeleteCardMutation } = deleteCardApi;
