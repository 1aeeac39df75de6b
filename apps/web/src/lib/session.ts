import { createAction, type Dispatch } from '@reduxjs/toolkit';
import { AUTH_TOKEN_KEY, TOKEN_COOKIE, TOKEN_COOKIE_EXPIRY_PAST_MS, USER_KEY, type SessionUser } from '@store/shared';
import { storage } from './storage.ts';
import { api } from './api.ts';
import { disconnectLive } from './socket.ts';
import { navigateTo } from './navigation.ts';

/** What sign-in stores under `user`: the session user plus the names the login answer carries. */
export type StoredUser = SessionUser & { email?: string; firstname?: string; lastname?: string };

/** The root reducer answers this with every slice's initial state (SPEC §2 "resets state"). */
export const resetState = createAction('session/reset');

export function saveSession({ token, user }: { token: string; user: StoredUser }): void {
  storage.set(AUTH_TOKEN_KEY, token);
  storage.set(USER_KEY, user);
}

/** The stored auth token, or '' when signed out (SPEC §4: logged in means a stored token). */
export function getStoredToken(): string {
  // Read raw: the helper parses JSON, and a token is opaque text that must come back unchanged.
  return window.localStorage.getItem(AUTH_TOKEN_KEY) ?? '';
}

export function getStoredUser(): StoredUser | null {
  const user = storage.get<StoredUser>(USER_KEY);
  return user && typeof user === 'object' ? user : null;
}

/** Removes token and user and expires the token cookie (one day in the past, SPEC §9). */
export function clearSession(): void {
  storage.remove(AUTH_TOKEN_KEY);
  storage.remove(USER_KEY);
  const yesterday = new Date(Date.now() - TOKEN_COOKIE_EXPIRY_PAST_MS).toUTCString();
  document.cookie = `${TOKEN_COOKIE}=; expires=${yesterday}; path=/`;
}

/**
 * Ends the session on this device (SPEC §2 Logout, §8 forced sign-out): token and user removed, live
 * connection closed, Redux state and the API cache reset, then the site root.
 */
export function signOut(dispatch: Dispatch): void {
  clearSession();
  disconnectLive();
  dispatch(resetState());
  dispatch(api.util.resetApiState());
  navigateTo('/');
}
