import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CashoutItem } from '@store/shared';

/** SPEC §3 "Cash-out state: a data list. Received items are added at the front; the list can be replaced whole." */
export interface CashoutState {
  data: CashoutItem[];
}

const initialState: CashoutState = { data: [] };

const cashoutSlice = createSlice({
  name: 'cashout',
  initialState,
  reducers: {
    /** The shopper's list as the server answered it (newest first). */
    cashoutListReplaced(state, action: PayloadAction<CashoutItem[]>) {
      state.data = action.payload;
    },
    /** A cash-out received (just requested, or a live cashoutUpdated): replaces the one with its id, else goes first. */
    cashoutReceived(state, action: PayloadAction<CashoutItem>) {
      const index = state.data.findIndex((item) => item._id === action.payload._id);
      if (index >= 0) state.data[index] = action.payload;
      else state.data.unshift(action.payload);
    },
  },
});

export const { cashoutListReplaced, cashoutReceived } = cashoutSlice.actions;
export const cashoutReducer = cashoutSlice.reducer;
export const selectCashouts = (state: { cashout?: CashoutState }): CashoutItem[] => state.cashout?.data ?? [];
