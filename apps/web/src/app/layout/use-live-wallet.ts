import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/hooks.ts';
import { connectLive, disconnectLive, onLive } from '../../lib/socket.ts';
import { selectUserProfile, walletUpdated } from '../../features/user/user-slice.ts';
import { selectAuthToken } from '../../features/auth/auth-slice.ts';

/** Opens the live connection once the profile is known (SPEC §4) and feeds wallet updates to the header. */
export function useLiveWallet(): void {
  const dispatch = useAppDispatch();
  const profile = useAppSelector(selectUserProfile);
  const token = useAppSelector(selectAuthToken);
  const userId = profile?._id;
  const role = profile?.role;

  useEffect(() => {
    if (!userId || !role) return;
    const stopListening = onLive('walletUpdated', ({ coins }) => dispatch(walletUpdated(coins)));
    connectLive({ _id: userId, role, token });
    return () => {
      stopListening();
      disconnectLive();
    };
  }, [dispatch, userId, role, token]);
}
