import { useEffect } from 'react';
import { Navigate } from 'react-router';
import AdminPage from '../../features/admin/pages/AdminPage.tsx';
import { useUserGetUserQuery } from '../../features/user/api/get-user.ts';
import { useAppDispatch } from '../../lib/hooks.ts';
import { FORBIDDEN_MESSAGE } from '../../lib/error-handler.ts';
import { notify } from '../../lib/toast.ts';
import { handleHeaderUserError } from '../header-data/use-header-data.ts';
import { useSignOut } from '../layout/use-sign-out.ts';

/**
 * /admin/* (issue 12, ADR 025): the console for role ADMIN only. The role is the getuser profile's. A
 * shopper gets what a 403 shows (SPEC §8: the warning toast) and goes home without the console ever
 * rendering; the server refuses every admin call to a non-admin anyway. The console has its own layout
 * (issue 24: the store's layout leaves /admin bare), so this asks getuser itself and applies the header's
 * rules to its failure (SPEC §8: a 401 signs out).
 */
export default function AdminRoute() {
  const dispatch = useAppDispatch();
  const { data, error, isError } = useUserGetUserQuery();
  const signOut = useSignOut();
  const role = data?.data.role;
  const refused = role !== undefined && role !== 'ADMIN';

  useEffect(() => {
    if (refused) notify.warning(FORBIDDEN_MESSAGE);
  }, [refused]);

  useEffect(() => {
    if (error) handleHeaderUserError(error, dispatch);
  }, [error, dispatch]);

  if (refused) return <Navigate to="/" replace />;
  if (data && role === 'ADMIN') return <AdminPage email={data.data.email} onSignOut={signOut} />;
  return (
    <main id="main" className="app-main">
      {isError ? (
        <p role="alert">We couldn't check your access. Reload the page to try again.</p>
      ) : (
        <p role="status">Checking your access…</p>
      )}
    </main>
  );
}
