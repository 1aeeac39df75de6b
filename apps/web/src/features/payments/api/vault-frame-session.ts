import type { vaultFrameSessionResponse } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData, type ResponseData } from '../../../lib/api-response.ts';

export const vaultFrameSessionApi = api.injectEndpoints({
  endpoints: (b) => ({
    /**
     * A frame session for the signed-in shopper (ADR 032): the nonce the card vault's frames send with every
     * tokenization. A mutation, never cached: each one is the shopper's for a few minutes only.
     */
    vaultFrameSession: b.mutation<ResponseData<typeof vaultFrameSessionResponse>, void>({
      query: () => ({ url: 'v1/vault/frame-session', method: 'POST' }),
      transformResponse: responseData<typeof vaultFrameSessionResponse>(),
    }),
  }),
});

export const { useVaultFrameSessionMutation } = vaultFrameSessionApi;
