import { describe, expect, it } from 'vitest';
import { listingReceived, productListingReducer, singlePackageReceived } from './product-listing-slice.ts';
import { aGiftCard, aProduct } from '../../../test/fixtures/catalog.ts';

const initial = productListingReducer(undefined, { type: '@@init' });

describe('product listing slice', () => {
  it('starts empty', () => {
    expect(initial).toEqual({ products: [], singleProdutPackages: null, giftCards: [], isSoldProducts: false });
  });

  it('lists available packages first, keeping the server order within each group', () => {
    const products = [
      aProduct({ _id: 'sold-1', isAvailable: false }),
      aProduct({ _id: 'a' }),
      aProduct({ _id: 'sold-2', isAvailable: false }),
      aProduct({ _id: 'b' }),
    ];
    const state = productListingReducer(initial, listingReceived({ products, giftCards: [aGiftCard()] }));
    expect(state.products.map((p) => p._id)).toEqual(['a', 'b', 'sold-1', 'sold-2']);
    expect(state.giftCards.map((g) => g._id)).toEqual(['g-1']);
    expect(state.isSoldProducts).toBe(true);
  });

  it('knows when nothing is sold out, a sold gift card included', () => {
    const allAvailable = productListingReducer(initial, listingReceived({ products: [aProduct()], giftCards: [aGiftCard()] }));
    expect(allAvailable.isSoldProducts).toBe(false);
    const soldGiftCard = productListingReducer(
      initial,
      listingReceived({ products: [aProduct()], giftCards: [aGiftCard({ isAvailable: false })] }),
    );
    expect(soldGiftCard.isSoldProducts).toBe(true);
  });

  it('holds the package open on the details page', () => {
    const giftCard = aGiftCard();
    const state = productListingReducer(initial, singlePackageReceived(giftCard));
    expect(state.singleProdutPackages).toEqual(giftCard);
    expect(productListingReducer(state, singlePackageReceived(null)).singleProdutPackages).toBeNull();
  });
});
