import { redirect, type LoaderFunctionArgs } from 'react-router';
import { REDIRECT_KEY } from '@store/shared';
import { getStoredToken } from '../lib/session.ts';
import { storage } from '../lib/storage.ts';

// Guards run as route loaders: they decide before the screen renders, and only on navigation, so a
// sign-out that resets state on a protected screen does not race the sign-out's own trip to '/'.

/** SPEC §2: a guest asking for a protected route goes to /login; the path is kept to come back to. */
export function requireSignedIn({ request }: LoaderFunctionArgs) {
  if (getStoredToken()) return null;
  const url = new URL(request.url);
  storage.set(REDIRECT_KEY, url.pathname + url.search);
  throw redirect('/login');
}

/** SPEC §2: guest-only routes send a signed-in user to /. */
export function requireGuest() {
  if (getStoredToken()) throw redirect('/');
  return null;
}
