import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import { AMOUNT_TYPE_DEFAULT, ORDER_TYPE_DEFAULT, type CartLine, type Promotion } from '@store/shared';
import type { Cart, CartCoupon, CartItem, CartTotals, CouponIssue, TaxData } from './types.ts';
import { getCartApi } from './api/get-cart.ts';
import { addToCartApi } from './api/add-to-cart.ts';
import { applyCouponApi } from './api/apply-coupon.ts';
import { placeOrderApi } from './api/place-order.ts';

/** SPEC §3 Cart: the items plus orderType, amountType, coin, promotion, eligibilityPromotion, android, getOrderCart, taxData. */
export interface CartState {
  _id: string | null;
  items: CartItem[];
  itemCount: number;
  orderType: string;
  amountType: string;
  /** Coins per dollar. */
  coin: number;
  promotion: Promotion | null;
  eligibilityPromotion: Promotion | null;
  /** Latest Android app version. */
  android: string | null;
  getOrderCart: CartLine[];
  taxData: TaxData | null;
  coupon: CartCoupon | null;
  /** The coupon the shopper applied that no longer counts, and why (the server says). */
  couponIssue: CouponIssue | null;
  totals: CartTotals | null;
  transactionLimit: number | null;
}

export type RootCartState = { cart: CartState };

export const initialCartState: CartState = {
  _id: null,
  items: [],
  itemCount: 0,
  orderType: ORDER_TYPE_DEFAULT,
  amountType: AMOUNT_TYPE_DEFAULT,
  coin: 0,
  promotion: null,
  eligibilityPromotion: null,
  android: null,
  getOrderCart: [],
  taxData: null,
  coupon: null,
  couponIssue: null,
  totals: null,
  transactionLimit: null,
};

function replaceCart(state: CartState, cart: Cart) {
  state._id = cart._id;
  state.items = cart.items;
  state.itemCount = cart.itemCount;
  state.orderType = cart.orderType || ORDER_TYPE_DEFAULT;
  state.amountType = cart.amountType || AMOUNT_TYPE_DEFAULT;
  state.coin = cart.coin;
  state.promotion = cart.promotion;
  state.eligibilityPromotion = cart.eligibilityPromotion;
  state.android = cart.android;
  state.coupon = cart.coupon;
  state.couponIssue = cart.couponIssue ?? null;
  state.totals = cart.totals;
  state.transactionLimit = cart.transactionLimit;
}

const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    cartReplaced(state, action: PayloadAction<Cart>) {
      replaceCart(state, action.payload);
    },
    /** An optimistic quantity change (or its undo): SPEC §4 increase +1 / revert -1, decrease -1 / revert +1. */
    quantityStepped(state, action: PayloadAction<{ itemId: string; by: number }>) {
      const line = state.items.find((item) => item.itemId._id === action.payload.itemId);
      if (line) line.quantity += action.payload.by;
    },
    itemRemoved(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item.itemId._id !== action.payload);
    },
    /** Undo of a removal: the line returns at its previous index. */
    itemRestored(state, action: PayloadAction<{ item: CartItem; index: number }>) {
      const { item, index } = action.payload;
      if (state.items.some((line) => line.itemId._id === item.itemId._id)) return;
      state.items.splice(Math.min(Math.max(index, 0), state.items.length), 0, item);
    },
    /** The server's `cartUpdated` live event (a purchase emptied the cart, another tab changed it). */
    liveItemCountReceived(state, action: PayloadAction<number>) {
      state.itemCount = action.payload;
      if (action.payload === 0) {
        state.items = [];
        state.coupon = null;
        state.couponIssue = null;
        state.totals = null;
      }
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(getCartApi.endpoints.cartGetCart.matchFulfilled, (state, { payload }) => {
      replaceCart(state, payload.data);
      state.getOrderCart = payload.getOrderCart ?? [];
      state.taxData = payload.taxData ?? null;
    });
    // SPEC §4: a successful add, fetch or order placement replaces the cart (and so does a coupon).
    builder.addMatcher(
      isAnyOf(addToCartApi.endpoints.cartAddItem.matchFulfilled, applyCouponApi.endpoints.cartApplyCoupon.matchFulfilled),
      (state, { payload }) => replaceCart(state, payload),
    );
    builder.addMatcher(placeOrderApi.endpoints.cartPlaceOrder.matchFulfilled, (state, { payload }) => replaceCart(state, payload.data));
  },
});

export const { cartReplaced, quantityStepped, itemRemoved, itemRestored, liveItemCountReceived } = cartSlice.actions;
export const cartReducer = cartSlice.reducer;

export const selectCart = (state: RootCartState) => state.cart;
export const selectCartCount = (state: RootCartState) => state.cart.itemCount;

/** A line the server no longer sells: it is left out of the totals and of any order placed. */
export const isSoldOut = (line: CartItem) => !line.itemId.isAvailable;
