import type { RootState } from '../store.ts';

/**
 * Number of items in the cart for the header badge. There is no cart state yet (a later issue adds
 * it); point this at the cart slice then and the badge follows.
 */
export function selectCartItemCount(_state: RootState): number {
  return 0;
}
