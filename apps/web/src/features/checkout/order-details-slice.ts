import { createSlice, isFulfilled, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import type { Order } from './types.ts';
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

const GET_ORDER_PATH = '/api/v1/checkout/getorder';

/**
 * A successful answer to GET v1/checkout/getorder, whichever screen asked for it (the payment page and
 * the success page each fetch the order; a feature cannot import another's endpoint, so the call is
 * recognised by the address it went to, which is the contract).
 */
export function isGetOrderAnswer(action: UnknownAction): action is PayloadAction<Order> {
  if (!isFulfilled(action)) return false;
  const request = (action.meta as { baseQueryMeta?: { request?: { method?: unknown; url?: unknown } } }).baseQueryMeta?.request;
  if (request?.method !== 'GET' || typeof request.url !== 'string') return false;
  return new URL(request.url).pathname === GET_ORDER_PATH;
}

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
    builder.addMatcher(isGetOrderAnswer, (state, { payload }) => {
      state.data = payload;
    });
  },
});

export const orderDetailsReducer = orderDetailsSlice.reducer;

export const selectOrderDetails = (state: { orderDetails: OrderDetailsState }) => state.orderDetails.data;
