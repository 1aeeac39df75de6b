import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { totalBalance, type AppleData, type FbData, type JumioRecord, type UserProfile, type WalletCoins } from '@store/shared';
import { getUserApi } from './api/get-user.ts';

/** SPEC §3 "User state": data, fbData, appleData, provider (facebook, apple or empty), jumio. */
export interface UserState {
  data: UserProfile | null;
  /** The linked Facebook identity (ADR 029), null if none. */
  fbData: FbData | null;
  /** The linked Apple identity (ADR 029), null if none. */
  appleData: AppleData | null;
  /** How this session signed in: 'facebook', 'apple' or '' (a password). */
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
      state.fbData = payload.fbData;
      state.appleData = payload.appleData;
      state.provider = payload.provider;
    });
  },
});

export const { walletUpdated } = userSlice.actions;
export const userReducer = userSlice.reducer;

type WithUser = { user: UserState };
export const selectUserProfile = (state: WithUser) => state.user.data;
export const selectUserJumio = (state: WithUser) => state.user.jumio;
export const selectSignInProvider = (state: WithUser) => state.user.provider;
/** SPEC §3: the displayed balance is the sum of the three wallets. */
export const selectWalletTotal = (state: WithUser) => totalBalance(state.user.data?.coins);
