import type { Dispatch } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { COUNTRY_RESTRICTED_MESSAGE } from '@store/shared';
import { notify } from './toast.ts';
import { GENERIC_FAILURE_TEXT, readApiFailure } from './api-failure.ts';
import { sessionEnded } from './session.ts';

export const NETWORK_ERROR_MESSAGE = 'We could not reach the store. Check your connection and try again.';
export const FORBIDDEN_MESSAGE = 'You are not allowed to do that.';

export function isCountryRestricted(error: FetchBaseQueryError): boolean {
  const { status, message } = readApiFailure(error);
  return status === 400 && message === COUNTRY_RESTRICTED_MESSAGE;
}

/** SPEC §8 "Shared handler for failed calls", row by row. Signing out is the session listener's work. */
export function handleApiError(error: FetchBaseQueryError, dispatch: Dispatch): void {
  const { status, message } = readApiFailure(error);

  if (status === null) {
    notify.error(NETWORK_ERROR_MESSAGE);
    return;
  }
  if (isCountryRestricted(error)) {
    dispatch(sessionEnded());
    notify.error(COUNTRY_RESTRICTED_MESSAGE);
    return;
  }
  if (status === 400) {
    notify.error(message ?? GENERIC_FAILURE_TEXT);
    return;
  }
  if (status === 401) {
    dispatch(sessionEnded());
    return;
  }
  if (status === 403) {
    notify.warning(message ?? FORBIDDEN_MESSAGE);
    return;
  }
  if (status === 500) {
    notify.error(message ?? GENERIC_FAILURE_TEXT);
    return;
  }
  if (status >= 400 && status < 500) return; // "other statuses in 4xx-500: no toast"
  // Outside the table: a 2xx carrying {success:false} or a gateway 5xx. Both are failures the shopper
  // should hear about, like a 500.
  notify.error(message ?? GENERIC_FAILURE_TEXT);
}
