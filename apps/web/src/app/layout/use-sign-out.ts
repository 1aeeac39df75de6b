import { useAppDispatch } from '../../lib/hooks.ts';
import { sessionEnded } from '../../lib/session.ts';
import { useUserLogoutMutation } from '../../features/user/api/logout.ts';

/** SPEC §2 Logout, for the shopper's header and the admin console alike: tell the server, then end the session here. */
export function useSignOut(): () => void {
  const dispatch = useAppDispatch();
  const [logout] = useUserLogoutMutation();

  async function signOut() {
    try {
      await logout().unwrap();
    } catch {
      // The session ends on this device whatever the server answers.
    }
    dispatch(sessionEnded());
  }

  return () => void signOut();
}
