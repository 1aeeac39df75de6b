import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../../lib/hooks.ts';
import { signedIn } from '../auth-slice.ts';
import type { SignedInSession } from '../api/login.ts';
import { takeRedirectTarget } from './redirect-target.ts';

/** After a successful sign-in (password or demo account): keep the session and go where the user was headed. */
export function useCompleteSignIn() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(
    (session: SignedInSession) => {
      const target = takeRedirectTarget();
      dispatch(signedIn({ token: session.token, user: session.user }));
      void navigate(target, { replace: true });
    },
    [dispatch, navigate],
  );
}
