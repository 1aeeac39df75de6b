import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StoredUser } from '../../lib/session.ts';

/**
 * SPEC §3 Auth state. `token` is the one source of truth for the session (SPEC §4: logged in means a
 * stored token): the store starts from the persisted copy under xAuthToken, and one listener keeps
 * that copy in step with this state (app/session.ts).
 */
export interface AuthState {
  token: string | null;
  /** The password-reset token of /new-password/:id once the server confirmed it is valid. */
  resetToken: string | null;
  /** The address typed on /forgot-password, shown again on /continue-password. */
  emailForget: string;
}

export const initialAuthState: AuthState = { token: null, resetToken: null, emailForget: '' };

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** A successful sign-in (password or demo account): the session token and the user it belongs to. */
    signedIn(state, action: PayloadAction<{ token: string; user: StoredUser }>) {
      state.token = action.payload.token;
    },
    emailForgetSet(state, action: PayloadAction<string>) {
      state.emailForget = action.payload;
    },
    resetTokenSet(state, action: PayloadAction<string | null>) {
      state.resetToken = action.payload;
    },
  },
});

export const { signedIn, emailForgetSet, resetTokenSet } = authSlice.actions;
export const authReducer = authSlice.reducer;

type WithAuth = { auth: AuthState };
export const selectAuthToken = (state: WithAuth): string | null => state.auth.token;
/** SPEC §4: logged in means a stored auth token. */
export const selectIsLoggedIn = (state: WithAuth): boolean => Boolean(state.auth.token);
export const selectEmailForget = (state: WithAuth): string => state.auth.emailForget;
