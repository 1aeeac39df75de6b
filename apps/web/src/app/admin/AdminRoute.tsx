import { useEffect } from 'react';
import { Navigate } from 'react-router';
import AdminPage from '../../features/admin/pages/AdminPage.tsx';
import { useUserGetUserQuery } from '../../features/user/api/get-user.ts';
import { FORBIDDEN_MESSAGE } from '../../lib/error-handler.ts';
import { notify } from '../../lib/toast.ts';

/**
 * /admin/* (issue 12, ADR 025): the console for role ADMIN only. The role is the getuser profile's (the
 * signed-in header already asked for it, so this shares the cached answer). A shopper gets what a 403
 * shows (SPEC §8: the warning toast) and goes home without the console ever rendering; the server
 * refuses every admin call to a non-admin anyway.
 */
export default function AdminRoute() {
  const { data, isError } = useUserGetUserQuery();
  const role = data?.data.role;
  const refused = role !== undefined && role !== 'ADMIN';

  useEffect(() => {
    if (refused) notify.warning(FORBIDDEN_MESSAGE);
  }, [refused]);

  if (refused) return <Navigate to="/" replace />;
  if (role === 'ADMIN') return <AdminPage />;
  // The header applies SPEC §8 to a failed getuser (a 401 signs out); here only nothing to show.
  if (isError) return <p role="alert">We couldn't check your access. Reload the page to try again.</p>;
  return <p role="status">Checking your access…</p>;
}
