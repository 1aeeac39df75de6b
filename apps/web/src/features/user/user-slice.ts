import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { totalBalance, type JumioRecord, type UserProfile, type WalletCoins } from '@store/shared';
import { getUserApi } from './api/get-user.ts';

/** SPEC §3 "User state": data, fbData, appleData, provider (facebook, apple or empty), jumio. */
export interface UserState {
  data: UserProfile | null;
  fbData: Record<string, unknown> | null;
  appleData: Record<string, unknown> | null;
  provider: '' | 'facebook' | 'apple';
  jumio: JumioRecord | null;
}

const initialState: UserState = { data: null, fbData: null, appleData: null, provider: '', jumio: null };

const userSlice = createSlice({
  name: 'user',
  initialState,
  reducers: {
    /** A live `walletUpdated` event: the balances changed on the server (a purchase, a win). */
    walletUpdated(state, action: PayloadAction<WalletCoins>) {
      if (state.data) state.data.coins = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(getUserApi.endpoints.userGetUser.matchFulfilled, (state, { payload }) => {
      state.data = payload.data;
      state.jumio = payload.jumio;
    });
  },
});

export const { walletUpdated } = userSlice.actions;
export const userReducer = userSlice.reducer;

type WithUser = { user: UserState };
export const selectUserProfile = (state: WithUser) => state.user.data;
export const selectUserJumio = (state: WithUser) => state.user.jumio;
/** SPEC §3: the displayed balance is the sum of the three wallets. */
export const selectWalletTotal = (state: WithUser) => totalBalance(state.user.data?.coins);
