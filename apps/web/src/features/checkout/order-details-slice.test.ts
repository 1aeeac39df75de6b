import { afterEach, describe, expect, it, vi } from 'vitest';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import type { Order } from '@store/shared';
import { api } from '../../lib/api.ts';
import { loadingReducer } from '../../lib/loading-slice.ts';
import { mockApi } from '../../test/feature-test-utils.tsx';
import { buyNowApi } from './api/buy-now.ts';
import { orderDetailsReducer, selectOrderDetails } from './order-details-slice.ts';

afterEach(() => vi.unstubAllGlobals());

function orderStore() {
  return configureStore({
    reducer: combineReducers({ [api.reducerPath]: api.reducer, loading: loadingReducer, orderDetails: orderDetailsReducer }),
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

// Any screen's own getorder and my-purchases calls, as the payment and purchase screens define theirs.
const screenCalls = api.injectEndpoints({
  endpoints: (b) => ({
    someScreenGetOrder: b.query<Order, string>({
      query: (orderId) => ({ url: 'v1/checkout/getorder', params: { orderId } }),
      transformResponse: (response: { data: Order }) => response.data,
    }),
    someScreenPurchases: b.query<Order[], void>({
      query: () => 'v1/checkout/my-purchases',
      transformResponse: (response: { data: Order[] }) => response.data,
    }),
  }),
});

const anOrder = (overrides: Partial<Order> = {}): Order => ({
  _id: 'ord-1',
  status: 'pending',
  items: [{ kind: 'product', itemId: 'p-1', name: 'Starter Pack', unitPrice: 999, quantity: 1, coins: 1000, bonusCoins: 0 }],
  subtotal: 999,
  discount: 0,
  tax: 0,
  total: 999,
  coins: 1000,
  bonusCoins: 0,
  totalCoins: 1000,
  coupon: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  paidAt: null,
  fulfilledAt: null,
  giftCardCodes: [],
  failureReason: null,
  ...overrides,
});

describe('order details (SPEC §7: getorder data stored as the order)', () => {
  it('stores the order GET v1/checkout/getorder answers with, whichever screen asked', async () => {
    const paid = anOrder({ status: 'fulfilled', paidAt: '2026-11-20T10:00:05.000Z' });
    mockApi({ 'GET v1/checkout/getorder': { body: { success: true, data: paid } } });
    const store = orderStore();
    expect(selectOrderDetails(store.getState())).toBeNull();
    await store.dispatch(screenCalls.endpoints.someScreenGetOrder.initiate('ord-1'));
    expect(selectOrderDetails(store.getState())).toEqual(paid);
  });

  it('keeps the order when getorder fails, and other calls do not touch it', async () => {
    const placed = anOrder({ _id: 'ord-7' });
    mockApi({
      'POST v1/checkout/buy/p-1': { body: { success: true, data: placed } },
      'GET v1/checkout/my-purchases': { body: { success: true, data: [anOrder({ _id: 'ord-other', status: 'fulfilled' })] } },
      'GET v1/checkout/getorder': { status: 404, body: { success: false, message: 'Order not found.', code: 'NOT_FOUND' } },
    });
    const store = orderStore();
    await store.dispatch(buyNowApi.endpoints.checkoutBuyNow.initiate({ id: 'p-1' }));
    expect(selectOrderDetails(store.getState())).toEqual(placed);
    await store.dispatch(screenCalls.endpoints.someScreenPurchases.initiate());
    await store.dispatch(screenCalls.endpoints.someScreenGetOrder.initiate('ord-missing'));
    expect(selectOrderDetails(store.getState())).toEqual(placed);
  });
});
