import type { cartResponse, Cart } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData } from '../../../lib/api-response.ts';
import { quantityStepped, cartReplaced } from '../cart-slice.ts';

// SPEC §4 "Cart quantity": the change shows at once; it is undone (increase: -1, decrease: +1) when the
// server does not report success or the call fails. The loading flag is the base query's, on meanwhile.
// A success answers with the repriced cart, which replaces ours (totals and bonuses follow).

const step = (direction: 'increase' | 'decrease') => (direction === 'increase' ? 1 : -1);

export const changeQuantityApi = api.injectEndpoints({
  endpoints: (b) => ({
    cartIncreaseQuantity: b.mutation<Cart, string>({
      query: (itemId) => ({ url: `v1/cart/increasequantity/${encodeURIComponent(itemId)}`, method: 'PUT', body: { quantity: 1 } }),
      transformResponse: responseData<typeof cartResponse>(),
      async onQueryStarted(itemId, { dispatch, queryFulfilled }) {
        dispatch(quantityStepped({ itemId, by: step('increase') }));
        try {
          const { data } = await queryFulfilled;
          dispatch(cartReplaced(data));
        } catch {
          dispatch(quantityStepped({ itemId, by: -step('increase') }));
        }
      },
    }),
    cartDecreaseQuantity: b.mutation<Cart, string>({
      query: (itemId) => ({ url: `v1/cart/decreasequantity/${encodeURIComponent(itemId)}`, method: 'PUT', body: { quantity: 1 } }),
      transformResponse: responseData<typeof cartResponse>(),
      async onQueryStarted(itemId, { dispatch, queryFulfilled }) {
        dispatch(quantityStepped({ itemId, by: step('decrease') }));
        try {
          const { data } = await queryFulfilled;
          dispatch(cartReplaced(data));
        } catch {
          dispatch(quantityStepped({ itemId, by: -step('decrease') }));
        }
      },
    }),
  }),
});

export const { useCartIncreaseQuantityMutation, useCartDecreaseQuantityMutation } = changeQuantityApi;
