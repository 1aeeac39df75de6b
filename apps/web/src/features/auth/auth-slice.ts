import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { getStoredToken } from '../../lib/session.ts';

/** SPEC §3 Auth state. */
export interface AuthState {
  token: string | null;
  /** The password-reset token of /new-password/:id once the server confirmed it is valid. */
  resetToken: string | null;
  /** The address typed on /forgot-password, shown again on /continue-password. */
  emailForget: string;
}

// A function, not an object: the store's reset (sign-out) asks for the initial state again, and it must
// reflect the token that is in storage at that moment, not the one there was when the module loaded.
function initialAuthState(): AuthState {
  return { token: getStoredToken() || null, resetToken: null, emailForget: '' };
}

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    tokenReceived(state, action: PayloadAction<string | null>) {
      state.token = action.payload;
    },
    emailForgetSet(state, action: PayloadAction<string>) {
      state.emailForget = action.payload;
    },
    resetTokenSet(state, action: PayloadAction<string | null>) {
      state.resetToken = action.payload;
    },
  },
});

export const { tokenReceived, emailForgetSet, resetTokenSet } = authSlice.actions;
export const authReducer = authSlice.reducer;

/** SPEC §4: logged in means a stored auth token. */
export const selectIsLoggedIn = (state: { auth: AuthState }): boolean => Boolean(state.auth.token);
