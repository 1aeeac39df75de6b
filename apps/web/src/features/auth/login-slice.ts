import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** SPEC §3 Login UI state. `craditional` keeps the e-mail being signed in with, never the password. */
export interface LoginState {
  showLoader: boolean;
  craditional: { email: string } | null;
}

const initialState: LoginState = { showLoader: false, craditional: null };

const loginSlice = createSlice({
  name: 'login',
  initialState,
  reducers: {
    submitStarted(state) {
      state.showLoader = true;
    },
    submitFinished(state) {
      state.showLoader = false;
    },
    credentialsEntered(state, action: PayloadAction<{ email: string }>) {
      state.craditional = { email: action.payload.email };
    },
  },
});

export const { submitStarted, submitFinished, credentialsEntered } = loginSlice.actions;
export const loginReducer = loginSlice.reducer;

type WithLogin = { login: LoginState };
export const selectShowLoader = (state: WithLogin): boolean => state.login.showLoader;
/** The e-mail last signed in with, to prefill the form. */
export const selectRememberedEmail = (state: WithLogin): string => state.login.craditional?.email ?? '';
