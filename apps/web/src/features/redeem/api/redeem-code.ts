import type { GiftCardCodeBody, RedeemableCode, redeemableCodeResponse } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData } from '../../../lib/api-response.ts';

export const redeemCodeApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** POST v1/gift-cards/redeem: the code's coins into the wallet, once; the header's balance follows live. */
    redeemRedeemCode: b.mutation<RedeemableCode, GiftCardCodeBody>({
      query: (body) => ({ url: 'v1/gift-cards/redeem', method: 'POST', body }),
      transformResponse: responseData<typeof redeemableCodeResponse>(),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useRedeemRedeemCodeMutation } = redeemCodeApi;
