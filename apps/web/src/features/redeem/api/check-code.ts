import type { GiftCardCodeBody, RedeemableCode, redeemableCodeResponse } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData } from '../../../lib/api-response.ts';

export const checkCodeApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** POST v1/gift-cards/check: what a sold code gives, and whether it was redeemed (issue 24). */
    redeemCheckCode: b.mutation<RedeemableCode, GiftCardCodeBody>({
      query: (body) => ({ url: 'v1/gift-cards/check', method: 'POST', body }),
      transformResponse: responseData<typeof redeemableCodeResponse>(),
    }),
  }),
});

export const { useRedeemCheckCodeMutation } = checkCodeApi;
