import { REDIRECT_KEY } from '@store/shared';
import { storage } from '../../../lib/storage.ts';

// Pages a signed-in user may not see; going "back" to one of them after sign-in would bounce to '/'.
const GUEST_ONLY_PREFIXES = [
  '/signup',
  '/login',
  '/test-login',
  '/forgot-password',
  '/resend-email',
  '/new-password',
  '/continue-password',
  '/social-login',
];

/**
 * The path a guest asked for before being sent to /login (SPEC §2), removed from storage as it is read.
 * Only same-site paths are honoured: anything else, or nothing stored, gives '/'.
 */
export function takeRedirectTarget(): string {
  const stored = storage.get(REDIRECT_KEY);
  storage.remove(REDIRECT_KEY);
  if (typeof stored !== 'string' || !stored.startsWith('/') || stored.startsWith('//') || stored.includes('\\')) return '/';
  const pathname = stored.split(/[?#]/, 1)[0] ?? '';
  const guestOnly = GUEST_ONLY_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  return guestOnly ? '/' : stored;
}
