import AddCardPage from '../../features/payments/pages/AddCardPage.tsx';
import type { ShopperProfile } from '../../features/payments/types.ts';
import { useUserGetUserQuery } from '../../features/user/api/get-user.ts';

/**
 * The shopper's profile state from the user feature's getuser query (the signed-in header asked for it
 * already, so this subscribes to the same cached answer), for the pay page to tell a shopper from a
 * state purchases are not allowed from why they cannot pay.
 */
function useShopperProfile(): ShopperProfile {
  const { data, isError } = useUserGetUserQuery();
  if (data)
    return { status: 'ready', state: data.data.address?.state ?? '', usStates: data.states, zipCode: data.data.address?.zipCode ?? '' };
  return { status: isError ? 'unavailable' : 'loading' };
}

/** /add-card/:orderId?: the pay page and the manager of saved methods, with where the shopper buys from. */
export default function AddCardRoute() {
  return <AddCardPage profile={useShopperProfile()} />;
}
