import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/hooks.ts';
import { useLive } from '../../lib/use-live.ts';
import { selectUserProfile, walletUpdated } from '../../features/user/user-slice.ts';
import { selectAuthToken } from '../../features/auth/auth-slice.ts';
import { cashoutReceived } from '../../features/cashout/cashout-slice.ts';
import { notify } from '../../lib/toast.ts';

/**
 * Opens the live connection once the profile is known (SPEC §4), feeds wallet updates to the header and
 * shows the server's notification events as toasts (§9 toast rules, through lib/toast).
 */
export function useLiveWallet(): void {
  const dispatch = useAppDispatch();
  const live = useLive();
  const profile = useAppSelector(selectUserProfile);
  const token = useAppSelector(selectAuthToken);
  const userId = profile?._id;
  const role = profile?.role;

  useEffect(() => {
    if (!userId || !role) return;
    const stopListening = live.on('walletUpdated', ({ coins }) => dispatch(walletUpdated(coins)));
    const stopToasts = live.on('notification', ({ type, content }) => notify[type](content));
    // A cash-out requested or changed state (issue 10): the cashout slice replaces it by id or adds it first.
    const stopCashouts = live.on('cashoutUpdated', ({ item }) => dispatch(cashoutReceived(item)));
    live.connect({ _id: userId, role, token });
    return () => {
      stopListening();
      stopToasts();
      stopCashouts();
      live.disconnect();
    };
  }, [dispatch, live, userId, role, token]);
}
