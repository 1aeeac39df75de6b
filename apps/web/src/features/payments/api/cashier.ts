import type { nuveiCashierResponse, NuveiCashierBody } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData, type ResponseData } from '../../../lib/api-response.ts';

export const cashierApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** SPEC §7 POST v1/nuvei/cashier: the card provider's hosted payment page for an order. */
    paymentsCashier: b.mutation<ResponseData<typeof nuveiCashierResponse>, NuveiCashierBody>({
      query: (body) => ({ url: 'v1/nuvei/cashier', method: 'POST', body }),
      transformResponse: responseData<typeof nuveiCashierResponse>(),
    }),
  }),
});

export const { usePaymentsCashierMutation } = cashierApi;
