import { createAction } from '@reduxjs/toolkit';
import { AUTH_TOKEN_KEY, TOKEN_COOKIE, TOKEN_COOKIE_EXPIRY_PAST_MS, USER_KEY, type SessionUser } from '@store/shared';
import { storage } from './storage.ts';

// The session token lives in the auth state (SPEC §3); this file holds the two session events and the
// token's persisted copy under xAuthToken (SPEC §4), which the store reads once at start and one
// listener writes (app/session.ts). Nothing else reads or writes the copy.

/** What sign-in keeps under `user`: the session user plus the names the login answer carries. */
export type StoredUser = SessionUser & { email?: string; firstname?: string; lastname?: string };

/**
 * The session ended on this device: Logout, or a forced sign-out (SPEC §8: a 401, the country
 * restriction). The store's session listener does the rest (SPEC §2 Logout).
 */
export const sessionEnded = createAction('session/ended');

/** The root reducer answers this with every slice's initial state (SPEC §2 "resets state"). */
export const resetState = createAction('session/reset');

export function persistSession({ token, user }: { token: string; user: StoredUser }): void {
  storage.set(AUTH_TOKEN_KEY, token);
  storage.set(USER_KEY, user);
}

/** The persisted token, or '' when there is none. */
export function readPersistedToken(): string {
  // Read raw: the helper parses JSON, and a token is opaque text that must come back unchanged. A page
  // rendered on the server is a guest's: the token lives in the browser only.
  if (typeof window === 'undefined') return '';
  return window.localStorage.getItem(AUTH_TOKEN_KEY) ?? '';
}

/** Removes token and user and expires the token cookie (one day in the past, SPEC §9). */
export function clearPersistedSession(): void {
  storage.remove(AUTH_TOKEN_KEY);
  storage.remove(USER_KEY);
  const yesterday = new Date(Date.now() - TOKEN_COOKIE_EXPIRY_PAST_MS).toUTCString();
  document.cookie = `${TOKEN_COOKIE}=; expires=${yesterday}; path=/`;
}
