import { useEffect } from 'react';
import { useAppDispatch } from '../../lib/hooks.ts';
import { useLive } from '../../lib/use-live.ts';
import { api } from '../../lib/api.ts';
import { useCartGetCartQuery } from './api/get-cart.ts';
import { liveItemCountReceived } from './cart-slice.ts';

/**
 * Keeps the signed-in shopper's cart (and so the header badge) current: fetched once with the header,
 * then the server's `cartUpdated` live event sets the count and refreshes the lines.
 */
export function useCartSync(): void {
  const dispatch = useAppDispatch();
  const live = useLive();
  useCartGetCartQuery();

  useEffect(
    () =>
      live.on('cartUpdated', ({ itemCount }) => {
        dispatch(liveItemCountReceived(itemCount));
        dispatch(api.util.invalidateTags(['Cart']));
      }),
    [dispatch, live],
  );
}
