import type { whitelistStatesResponse, WhitelistedState } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData } from '../../../lib/api-response.ts';

export const whitelistStatesApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** The US states purchases are allowed from, sorted by region (SPEC §7, §3 whiteListedStates). */
    paymentsWhitelistStates: b.query<WhitelistedState[], void>({
      query: () => 'v1/admin/whitelist_states/whitelist',
      transformResponse: responseData<typeof whitelistStatesResponse>().select((data) => data.states),
    }),
  }),
});

export const { usePaymentsWhitelistStatesQuery } = whitelistStatesApi;
