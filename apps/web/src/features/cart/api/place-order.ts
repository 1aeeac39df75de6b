import { AMOUNT_TYPE_DEFAULT, ORDER_TYPE_DEFAULT } from '@store/shared';
import { api } from '../../../lib/api.ts';
import type { Cart, PlacedOrder } from '../types.ts';

export interface PlaceOrderResult {
  data: Cart;
  order: PlacedOrder;
}

export const placeOrderApi = api.injectEndpoints({
  endpoints: (b) => ({
    cartPlaceOrder: b.mutation<PlaceOrderResult, { orderType: string; amountType: string } | void>({
      query: (body) => ({
        url: 'v1/checkout/placeorder',
        method: 'POST',
        body: body ?? { orderType: ORDER_TYPE_DEFAULT, amountType: AMOUNT_TYPE_DEFAULT },
      }),
    }),
  }),
});

export const { useCartPlaceOrderMutation } = placeOrderApi;
