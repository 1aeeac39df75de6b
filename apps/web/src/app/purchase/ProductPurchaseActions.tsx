import { useLocation, useNavigate } from 'react-router';
import { REDIRECT_KEY, type GiftCard, type Product } from '@store/shared';
import { useAppDispatch, useAppSelector } from '../../lib/hooks.ts';
import { storage } from '../../lib/storage.ts';
import { selectIsLoggedIn } from '../../features/auth/auth-slice.ts';
import { AddToCartButton } from '../../features/cart/components/AddToCartButton.tsx';
import './product-purchase-actions.css';
import { BuyNowButton } from '../../features/checkout/components/BuyNowButton.tsx';
import { digitProductIdSet, digitProductTypeSet } from '../../features/purchases/purchase-memory-slice.ts';

export const SIGN_IN_TO_BUY_TEXT = 'Sign in to buy';

/**
 * A guest reads the package and is offered to sign in (issue 24). The page is kept under SPEC §2's redirect
 * key, as the route guard keeps a protected page, so signing in (or signing up, then in) comes back here.
 */
function SignInToBuy() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div className="product-purchase-actions">
      <button
        type="button"
        className="btn btn--primary"
        onClick={() => {
          storage.set(REDIRECT_KEY, location.pathname + location.search);
          void navigate('/login');
        }}
      >
        {SIGN_IN_TO_BUY_TEXT}
      </button>
      <p className="product-purchase-actions__hint">You will come back to this package after signing in.</p>
    </div>
  );
}

/** "Add to cart" and "Buy now" for one package; buying now remembers the package (SPEC §3 Purchase memory). */
export function ProductPurchaseActions({ item }: { item: Product | GiftCard }) {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsLoggedIn);
  if (!signedIn) return <SignInToBuy />;
  const soldOut = !item.isAvailable;
  return (
    <div className="product-purchase-actions">
      <AddToCartButton itemId={item._id} kind={item.kind} disabled={soldOut} />
      <BuyNowButton
        itemId={item._id}
        kind={item.kind}
        disabled={soldOut}
        onStart={() => {
          dispatch(digitProductIdSet(item._id));
          dispatch(digitProductTypeSet(item.kind));
        }}
      />
    </div>
  );
}
