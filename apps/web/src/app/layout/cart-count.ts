import type { RootState } from '../store.ts';
import { selectCartCount } from '../../features/cart/cart-slice.ts';

/** Number of items in the cart for the header badge (SPEC §2: 0 if none). */
export function selectCartItemCount(state: RootState): number {
  return selectCartCount(state);
}
