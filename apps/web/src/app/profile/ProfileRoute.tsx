import ProfilePage from '../../features/profile/pages/ProfilePage.tsx';
import { useUserGetUserQuery } from '../../features/user/api/get-user.ts';

/**
 * /profile (ADR 019): the profile page with the user feature's getuser answer. The signed-in header
 * already asked for it, so this subscribes to the same cached answer; a save makes it ask again.
 */
export default function ProfileRoute() {
  const { data, isError, refetch } = useUserGetUserQuery();
  return <ProfilePage profile={data?.data ?? null} states={data?.states ?? []} loadFailed={isError} onRetry={() => void refetch()} />;
}
