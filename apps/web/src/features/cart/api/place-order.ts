import { AMOUNT_TYPE_DEFAULT, ORDER_TYPE_DEFAULT, type placeOrderResponse } from '@store/shared';
import { api } from '../../../lib/api.ts';
import type { ApiResponse } from '../../../lib/api-response.ts';

export const placeOrderApi = api.injectEndpoints({
  endpoints: (b) => ({
    // The whole answer: data is the cart (it replaces ours, SPEC §7), order the pending order to pay.
    cartPlaceOrder: b.mutation<ApiResponse<typeof placeOrderResponse>, { orderType: string; amountType: string } | void>({
      query: (body) => ({
        url: 'v1/checkout/placeorder',
        method: 'POST',
        body: body ?? { orderType: ORDER_TYPE_DEFAULT, amountType: AMOUNT_TYPE_DEFAULT },
      }),
    }),
  }),
});

export const { useCartPlaceOrderMutation } = placeOrderApi;
