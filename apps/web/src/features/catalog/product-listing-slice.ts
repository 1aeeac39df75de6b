import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { GiftCard, Product } from '@store/shared';
import { availableFirst } from './listing-order.ts';

/** SPEC §3 Product listing state (field names as the spec spells them). */
export interface ProductListingState {
  products: Product[];
  /** The package open on /product-details/:id (a coin package or a gift card). */
  singleProdutPackages: Product | GiftCard | null;
  giftCards: GiftCard[];
  /** Whether any listed package is sold out. */
  isSoldProducts: boolean;
}

const initialState: ProductListingState = { products: [], singleProdutPackages: null, giftCards: [], isSoldProducts: false };

const productListingSlice = createSlice({
  name: 'productListing',
  initialState,
  reducers: {
    listingReceived(state, action: PayloadAction<{ products: Product[]; giftCards: GiftCard[] }>) {
      const { products, giftCards } = action.payload;
      state.products = availableFirst(products);
      state.giftCards = availableFirst(giftCards);
      state.isSoldProducts = [...products, ...giftCards].some((item) => !item.isAvailable);
    },
    singlePackageReceived(state, action: PayloadAction<Product | GiftCard | null>) {
      state.singleProdutPackages = action.payload;
    },
  },
});

export const { listingReceived, singlePackageReceived } = productListingSlice.actions;
export const productListingReducer = productListingSlice.reducer;

export const selectIsSoldProducts = (state: { productListing: ProductListingState }): boolean => state.productListing.isSoldProducts;
