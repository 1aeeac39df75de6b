import { useEffect } from 'react';
import type { Dispatch, SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useAppDispatch } from '../../lib/hooks.ts';
import { handleApiError, isCountryRestricted } from '../../lib/error-handler.ts';
import { readApiFailure } from '../../lib/api-failure.ts';
import { notify } from '../../lib/toast.ts';
import { sessionEnded } from '../../lib/session.ts';
import { useUserGetUserQuery } from '../../features/user/api/get-user.ts';
import { useSiteSettingsQuery } from '../../lib/site-data/settings.ts';
import { useActivePromotionWebQuery } from '../../lib/site-data/promotions.ts';
import { useHeaderConversionRateQuery } from './get-conversion-rate.ts';
import { useCartSync } from '../../features/cart/use-cart-sync.ts';

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/**
 * SPEC §8 header-fetch rules for the first fetch (getuser): a 401 removes token and user and shows the
 * server's message in a toast; the country message goes through the shared handler (sign-out, toast).
 * Anything else is ignored: the header simply shows less.
 */
export function handleHeaderUserError(error: FetchBaseQueryError | SerializedError, dispatch: Dispatch): void {
  if (!('status' in error)) return;
  const { status, message } = readApiFailure(error);
  if (status === 401) {
    notify.error(message ?? SESSION_ENDED_MESSAGE);
    dispatch(sessionEnded());
    return;
  }
  if (isCountryRestricted(error)) handleApiError(error, dispatch);
}

/**
 * The five fetches a signed-in header makes on load (SPEC §7), getuser first: profile, settings, the web
 * promotion, the coin rate (which stores transactionLimit) and the cart behind the badge. Pages that
 * show settings or the web promotion share these cached answers. The non-web promotion
 * (active-promotion, sent without a token) is asked for only where a guest needs it: the home page.
 */
export function useHeaderData(): void {
  const dispatch = useAppDispatch();
  const { error } = useUserGetUserQuery();
  useSiteSettingsQuery();
  useActivePromotionWebQuery();
  useHeaderConversionRateQuery();
  useCartSync();

  useEffect(() => {
    if (error) handleHeaderUserError(error, dispatch);
  }, [error, dispatch]);
}
