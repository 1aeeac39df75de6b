import { createSlice } from '@reduxjs/toolkit';
import type { GiftCardCodeView } from '@store/shared';
import type { Purchase } from './types.ts';
import { myPurchasesApi } from './api/my-purchases.ts';

/** SPEC §3 "Other stored slices": myPurchases (data, secKeyData, test). */
export interface MyPurchasesState {
  /** The shopper's purchases, newest first, as GET v1/checkout/my-purchases last answered. */
  data: Purchase[];
  /** The secret keys bought: each order's gift-card codes by order id (only the owner ever gets them). */
  secKeyData: Record<string, GiftCardCodeView[]>;
  /** Named by the SPEC without saying what it holds; nothing in this store sets it. */
  test: null;
}

export const initialMyPurchasesState: MyPurchasesState = { data: [], secKeyData: {}, test: null };

const myPurchasesSlice = createSlice({
  name: 'myPurchases',
  initialState: initialMyPurchasesState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addMatcher(myPurchasesApi.endpoints.purchasesMyPurchases.matchFulfilled, (state, { payload }) => {
      state.data = payload;
      state.secKeyData = Object.fromEntries(
        payload.filter((purchase) => purchase.giftCardCodes.length > 0).map((purchase) => [purchase._id, purchase.giftCardCodes]),
      );
    });
  },
});

export const myPurchasesReducer = myPurchasesSlice.reducer;

export const selectMyPurchases = (state: { myPurchases: MyPurchasesState }) => state.myPurchases.data;
