import { describe, expect, it } from 'vitest';
import { DIGIT_PRODUCT_ID_KEY, DIGIT_PRODUCT_TYPE_KEY } from '@store/shared';
import { makeStore } from '../../app/store.ts';
import { resetState } from '../../lib/session.ts';
import { digitProductIdSet, digitProductTypeSet, lastPurchasedSet, successDataStored } from './purchase-memory-slice.ts';
import { anOrder } from '../../../test/fixtures/orders.ts';

describe('purchase memory', () => {
  it('starts from local storage, else empty, with an empty lastPurchased', () => {
    expect(makeStore().getState().purchaseMemory).toEqual({ data: null, digitProductID: '', digitProductType: '', lastPurchased: {} });
    localStorage.setItem(DIGIT_PRODUCT_ID_KEY, 'p-77');
    localStorage.setItem(DIGIT_PRODUCT_TYPE_KEY, 'giftCard');
    expect(makeStore().getState().purchaseMemory).toMatchObject({ digitProductID: 'p-77', digitProductType: 'giftCard' });
  });

  it('persists the product id and type under digitProductID and digitProductType, and a reset reads them again', () => {
    const store = makeStore();
    store.dispatch(digitProductIdSet('p-5'));
    store.dispatch(digitProductTypeSet('product'));
    expect(localStorage.getItem(DIGIT_PRODUCT_ID_KEY)).toBe('p-5');
    expect(localStorage.getItem(DIGIT_PRODUCT_TYPE_KEY)).toBe('product');
    store.dispatch(resetState());
    expect(store.getState().purchaseMemory).toMatchObject({ digitProductID: 'p-5', digitProductType: 'product' });
  });

  it('stores success data and the last purchase', () => {
    const store = makeStore();
    const purchase = anOrder();
    store.dispatch(successDataStored(purchase));
    store.dispatch(lastPurchasedSet(purchase));
    expect(store.getState().purchaseMemory.data).toEqual(purchase);
    expect(store.getState().purchaseMemory.lastPurchased).toEqual(purchase);
  });
});
