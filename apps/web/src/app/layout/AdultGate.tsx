import { AdultConfirmation } from '../../features/user/components/AdultConfirmation.tsx';
import { useUserGetUserQuery } from '../../features/user/api/get-user.ts';
import { useSignOut } from './use-sign-out.ts';

/** Asks a shopper whose account has not confirmed being 18 or older (a social sign-up) before anything else. */
export function AdultGate() {
  const { data } = useUserGetUserQuery();
  const signOut = useSignOut();
  if (!data || data.data.role !== 'USER' || data.data.adultConfirmed) return null;
  return <AdultConfirmation onSignOut={signOut} />;
}
