import { afterEach, describe, expect, it, vi } from 'vitest';
import type { purchasesResponse, Order } from '@store/shared';
import { api } from '../../lib/api.ts';
import { responseData } from '../../lib/api-response.ts';
import { getOrderApi } from '../../lib/orders/get-order.ts';
import { makeApiStore } from '../../../test/api-store.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { anOrder } from '../../../test/fixtures/orders.ts';
import { buyNowApi } from './api/buy-now.ts';
import { orderDetailsReducer, selectOrderDetails } from './order-details-slice.ts';

afterEach(() => vi.unstubAllGlobals());

function orderStore() {
  return makeApiStore({ orderDetails: orderDetailsReducer });
}

// Another screen's call that answers orders too (as my-purchases does), which must not touch the order.
const otherCalls = api.injectEndpoints({
  endpoints: (b) => ({
    someScreenPurchases: b.query<Order[], void>({
      query: () => 'v1/checkout/my-purchases',
      transformResponse: responseData<typeof purchasesResponse>(),
    }),
  }),
});

const aPendingOrder = (overrides: Partial<Order> = {}) => anOrder({ status: 'pending', paidAt: null, fulfilledAt: null, ...overrides });

describe('order details (SPEC §7: getorder data stored as the order)', () => {
  it('stores the order GET v1/checkout/getorder answers with, whichever screen asked', async () => {
    const paid = anOrder({ status: 'fulfilled', paidAt: '2026-11-20T10:00:05.000Z' });
    mockApi({ 'GET v1/checkout/getorder': { body: { success: true, data: paid } } });
    const store = orderStore();
    expect(selectOrderDetails(store.getState())).toBeNull();
    await store.dispatch(getOrderApi.endpoints.checkoutOrder.initiate('ord-1'));
    expect(selectOrderDetails(store.getState())).toEqual(paid);
  });

  it('keeps the order when getorder fails, and other calls do not touch it', async () => {
    const placed = aPendingOrder({ _id: 'ord-7' });
    mockApi({
      'POST v1/checkout/buy/p-1': { body: { success: true, data: placed } },
      'GET v1/checkout/my-purchases': { body: { success: true, data: [anOrder({ _id: 'ord-other', status: 'fulfilled' })] } },
      'GET v1/checkout/getorder': { status: 404, body: { success: false, message: 'Order not found.', code: 'NOT_FOUND' } },
    });
    const store = orderStore();
    await store.dispatch(buyNowApi.endpoints.checkoutBuyNow.initiate({ id: 'p-1' }));
    expect(selectOrderDetails(store.getState())).toEqual(placed);
    await store.dispatch(otherCalls.endpoints.someScreenPurchases.initiate());
    await store.dispatch(getOrderApi.endpoints.checkoutOrder.initiate('ord-missing'));
    expect(selectOrderDetails(store.getState())).toEqual(placed);
  });
});
