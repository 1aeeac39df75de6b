import { createSlice } from '@reduxjs/toolkit';
import type { Order } from '@store/shared';
import { getOrderApi } from '../../lib/orders/get-order.ts';
import { buyNowApi } from './api/buy-now.ts';
import { cancelOrderApi } from './api/cancel-order.ts';

/**
 * SPEC §7: "POST v1/checkout/buy/{id}: response data stored in another slice" and "GET v1/checkout/getorder:
 * data stored as the order". This slice holds that order.
 */
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
    // Whichever screen asked (the payment page, the success page): there is one getorder endpoint.
    builder.addMatcher(getOrderApi.endpoints.checkoutOrder.matchFulfilled, (state, { payload }) => {
      state.data = payload;
    });
  },
});

export const orderDetailsReducer = orderDetailsSlice.reducer;

export const selectOrderDetails = (state: { orderDetails: OrderDetailsState }) => state.orderDetails.data;
