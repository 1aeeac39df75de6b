import type { cartResponse, Cart, CartItem } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData } from '../../../lib/api-response.ts';
import type { RootCartState } from '../cart-slice.ts';
import { cartReplaced, itemRemoved, itemRestored } from '../cart-slice.ts';

export interface RemoveFromCartArgs {
  itemId: string;
  /** Also drop this coupon (SPEC §7 DELETE v1/cart/{itemId}?coupon=). */
  coupon?: string;
}

// SPEC §4: the line disappears at once and comes back at its previous index if the server says no.
export const removeFromCartApi = api.injectEndpoints({
  endpoints: (b) => ({
    cartRemoveItem: b.mutation<Cart, RemoveFromCartArgs>({
      query: ({ itemId, coupon }) => ({
        url: `v1/cart/${encodeURIComponent(itemId)}`,
        method: 'DELETE',
        params: coupon ? { coupon } : undefined,
      }),
      transformResponse: responseData<typeof cartResponse>(),
      async onQueryStarted({ itemId }, { dispatch, getState, queryFulfilled }) {
        const items = (getState() as unknown as RootCartState).cart.items;
        const index = items.findIndex((line) => line.itemId._id === itemId);
        const removed: CartItem | undefined = items[index];
        dispatch(itemRemoved(itemId));
        try {
          const { data } = await queryFulfilled;
          dispatch(cartReplaced(data));
        } catch {
          if (removed) dispatch(itemRestored({ item: removed, index }));
        }
      },
    }),
  }),
});

export const { useCartRemoveItemMutation } = removeFromCartApi;
