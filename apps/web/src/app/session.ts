import { createListenerMiddleware, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { api } from '../lib/api.ts';
import type { LiveSlot } from '../lib/live-socket.ts';
import { navigateTo } from '../lib/navigation.ts';
import { clearPersistedSession, persistSession, readPersistedToken, resetState, sessionEnded } from '../lib/session.ts';
import { initialAuthState, selectAuthToken, signedIn, type AuthState } from '../features/auth/auth-slice.ts';

// The session token's one source of truth is the auth state (SPEC §3). Here is everything else the
// session does: the store starts from the persisted copy, one listener keeps that copy in step, and
// one listener ends the session on this device.

/** The auth state a new store starts with: the token persisted under xAuthToken, so a reload stays signed in. */
export function hydratedAuthState(): AuthState {
  return { ...initialAuthState, token: readPersistedToken() || null };
}

export const sessionListener = createListenerMiddleware();

// Persistence: sign-in stores token and user; a token gone (the reset of a sign-out) removes both and
// expires the token cookie (SPEC §2 Logout, §8 forced sign-out).
sessionListener.startListening({
  actionCreator: signedIn,
  effect: ({ payload }) => persistSession(payload),
});
sessionListener.startListening.withTypes<{ auth: AuthState }>()({
  predicate: (_action, state, previous) => selectAuthToken(previous) !== null && selectAuthToken(state) === null,
  effect: () => clearPersistedSession(),
});

/** A thunk: closes the store's live connection, kept in its thunk environment (app/store.ts), if one was opened. */
const closeLiveConnection: ThunkAction<void, unknown, unknown, UnknownAction> = (_dispatch, _getState, environment) => {
  (environment as { live?: LiveSlot } | undefined)?.live?.connection?.disconnect();
};

// SPEC §2 Logout and §8 forced sign-out: the live connection closed, every slice and the API cache
// reset (which drops the token, so the listener above clears its copy), then the site root.
sessionListener.startListening({
  actionCreator: sessionEnded,
  effect: (_action, { dispatch }) => {
    // The store's own connection, if its signed-in code opened one (lib/socket.ts is not loaded for that).
    dispatch(closeLiveConnection);
    dispatch(resetState());
    dispatch(api.util.resetApiState());
    navigateTo('/');
  },
});
