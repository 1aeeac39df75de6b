import type { allowedProvidersResponse, AllowedPayment, CardRouteKind } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData } from '../../../lib/api-response.ts';

export interface AllowedProviders {
  allowedPayment: AllowedPayment;
  /** The kind whose form takes a new card now (the store's card routing, issue 24); null when none may. */
  cardRoute: CardRouteKind | null;
}

export const allowedProvidersApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** Which method kinds this shopper may pay with now, as the server decides (SPEC §7, §3 allowedPaymentsProviders). */
    paymentsAllowedProviders: b.query<AllowedProviders, void>({
      query: () => 'v1/payment/allowed-providers',
      transformResponse: responseData<typeof allowedProvidersResponse>().select(({ data }) => ({
        allowedPayment: data.allowedPayment,
        cardRoute: data.cardRoute ?? null,
      })),
    }),
  }),
});

export const { usePaymentsAllowedProvidersQuery } = allowedProvidersApi;
