import { useHeaderData } from '../header-data/use-header-data.ts';
import { useLiveWallet } from './use-live-wallet.ts';
import { useCartSync } from '../../features/cart/use-cart-sync.ts';

/**
 * The signed-in header's data and live connection. Rendered before the header so its effects run
 * first and getuser is the first of the header fetches (SPEC §8 applies its 401 rule to that one).
 */
export function SignedInSession() {
  useHeaderData();
  useLiveWallet();
  // After the five header fetches: the cart behind the badge, kept current by cartUpdated.
  useCartSync();
  return null;
}
