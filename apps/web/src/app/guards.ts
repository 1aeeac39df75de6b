import { redirect, type LoaderFunctionArgs } from 'react-router';
import { REDIRECT_KEY } from '@store/shared';
import { storage } from '../lib/storage.ts';
import { selectIsLoggedIn, type AuthState } from '../features/auth/auth-slice.ts';

// Guards run as route loaders: they decide before the screen renders, and only on navigation, so a
// sign-out that resets state on a protected screen does not race the sign-out's own trip to '/'. They
// read the session where every other reader does: the store's auth state (SPEC §4 logged in).

/** The store a guard asks; its state holds the auth slice. */
export interface SessionSource {
  getState(): { auth: AuthState };
}

/** SPEC §2: a guest asking for a protected route goes to /login; the path is kept to come back to. */
export function requireSignedIn(session: SessionSource) {
  return ({ request }: LoaderFunctionArgs) => {
    if (selectIsLoggedIn(session.getState())) return null;
    const url = new URL(request.url);
    storage.set(REDIRECT_KEY, url.pathname + url.search);
    throw redirect('/login');
  };
}

/** The id of the route that holds the guest-only pages (sign-in, sign-up, the password pages). */
export const GUEST_ONLY_ROUTE_ID = 'guest';

/** SPEC §2: guest-only routes send a signed-in user to /. */
export function requireGuest(session: SessionSource) {
  return () => {
    if (selectIsLoggedIn(session.getState())) throw redirect('/');
    return null;
  };
}
