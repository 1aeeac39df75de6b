import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DIGIT_PRODUCT_ID_KEY, DIGIT_PRODUCT_TYPE_KEY } from '@store/shared';
import { storage } from '../../lib/storage.ts';
import type { Purchase } from './types.ts';

/** SPEC §3 "Purchase memory": data, digitProductID, digitProductType, lastPurchased. */
export interface PurchaseMemoryState {
  /** The success data of the latest payment. */
  data: Purchase | null;
  digitProductID: string;
  digitProductType: string;
  lastPurchased: Purchase | Record<string, never>;
}

const readString = (key: string): string => {
  const value = storage.get(key);
  return typeof value === 'string' ? value : value == null ? '' : String(value);
};

/** Lazy, so a reset (sign-out) reads local storage again. */
const initialState = (): PurchaseMemoryState => ({
  data: null,
  digitProductID: readString(DIGIT_PRODUCT_ID_KEY),
  digitProductType: readString(DIGIT_PRODUCT_TYPE_KEY),
  lastPurchased: {},
});

const purchaseMemorySlice = createSlice({
  name: 'purchaseMemory',
  initialState,
  reducers: {
    successDataStored(state, action: PayloadAction<Purchase>) {
      state.data = action.payload;
    },
    /** Also persisted under digitProductID. */
    digitProductIdSet: {
      reducer(state, action: PayloadAction<string>) {
        state.digitProductID = action.payload;
      },
      prepare(id: string) {
        storage.set(DIGIT_PRODUCT_ID_KEY, id);
        return { payload: id };
      },
    },
    /** Also persisted under digitProductType. */
    digitProductTypeSet: {
      reducer(state, action: PayloadAction<string>) {
        state.digitProductType = action.payload;
      },
      prepare(type: string) {
        storage.set(DIGIT_PRODUCT_TYPE_KEY, type);
        return { payload: type };
      },
    },
    lastPurchasedSet(state, action: PayloadAction<Purchase>) {
      state.lastPurchased = action.payload;
    },
  },
});

export const { successDataStored, digitProductIdSet, digitProductTypeSet, lastPurchasedSet } = purchaseMemorySlice.actions;
export const purchaseMemoryReducer = purchaseMemorySlice.reducer;
