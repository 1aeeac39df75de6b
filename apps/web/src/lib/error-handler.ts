import type { Dispatch } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { COUNTRY_RESTRICTED_MESSAGE } from '@store/shared';
import { notify } from './toast.ts';
import { signOut } from './session.ts';

export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';
export const NETWORK_ERROR_MESSAGE = 'We could not reach the store. Check your connection and try again.';
export const FORBIDDEN_MESSAGE = 'You are not allowed to do that.';

/** HTTP status of a failed call, or null when no response arrived (network failure, timeout). */
export function errorStatus(error: FetchBaseQueryError): number | null {
  if (typeof error.status === 'number') return error.status;
  if (error.status === 'PARSING_ERROR') return error.originalStatus;
  return null;
}

/** The server's `message` from the failure envelope, when the body has one. */
export function errorMessage(error: FetchBaseQueryError): string | undefined {
  const body = 'data' in error ? error.data : undefined;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) {
    return body.message;
  }
  return undefined;
}

export function isCountryRestricted(error: FetchBaseQueryError): boolean {
  return errorStatus(error) === 400 && errorMessage(error) === COUNTRY_RESTRICTED_MESSAGE;
}

/** SPEC §8 "Shared handler for failed calls", row by row. */
export function handleApiError(error: FetchBaseQueryError, dispatch: Dispatch): void {
  const status = errorStatus(error);
  const message = errorMessage(error);

  if (status === null) {
    notify.error(NETWORK_ERROR_MESSAGE);
    return;
  }
  if (isCountryRestricted(error)) {
    signOut(dispatch);
    notify.error(COUNTRY_RESTRICTED_MESSAGE);
    return;
  }
  if (status === 400) {
    notify.error(message ?? GENERIC_ERROR_MESSAGE);
    return;
  }
  if (status === 401) {
    signOut(dispatch);
    return;
  }
  if (status === 403) {
    notify.warning(message ?? FORBIDDEN_MESSAGE);
    return;
  }
  if (status === 500) {
    notify.error(message ?? GENERIC_ERROR_MESSAGE);
    return;
  }
  if (status >= 400 && status < 500) return; // "other statuses in 4xx-500: no toast"
  // Outside the table: a 2xx carrying {success:false} or a gateway 5xx. Both are failures the shopper
  // should hear about, like a 500.
  notify.error(message ?? GENERIC_ERROR_MESSAGE);
}
