import type { GiftCard, Product } from '@store/shared';
import { useAppDispatch } from '../../lib/hooks.ts';
import { AddToCartButton } from '../../features/cart/components/AddToCartButton.tsx';
import './product-purchase-actions.css';
import { BuyNowButton } from '../../features/checkout/components/BuyNowButton.tsx';
import { digitProductIdSet, digitProductTypeSet } from '../../features/purchases/purchase-memory-slice.ts';

/** "Add to cart" and "Buy now" for one package; buying now remembers the package (SPEC §3 Purchase memory). */
export function ProductPurchaseActions({ item }: { item: Product | GiftCard }) {
  const dispatch = useAppDispatch();
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
