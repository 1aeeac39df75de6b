import { createSlice } from '@reduxjs/toolkit';
import type { Order } from './types.ts';
import { buyNowApi } from './api/buy-now.ts';
import { cancelOrderApi } from './api/cancel-order.ts';

/** SPEC §7 "POST v1/checkout/buy/{id}: response data stored in another slice": the order being bought. */
export interface OrderDetailsState {
  data: Order | null;
}

const initialState: OrderDetailsState = { data: null };

const orderDetailsSlice = createSlice({
  name: 'orderDetails',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addMatcher(buyNowApi.endpoints.checkoutBuyNow.matchFulfilled, (state, { payload }) => {
      state.data = payload;
    });
    builder.addMatcher(cancelOrderApi.endpoints.checkoutCancelOrder.matchFulfilled, (state, { payload }) => {
      if (state.data?._id === payload._id) state.data = payload;
    });
  },
});

export const orderDetailsReducer = orderDetailsSlice.reducer;
