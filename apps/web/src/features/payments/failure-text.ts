import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { errorStatus } from '../../lib/error-handler.ts';

/** The server's message from a failed call (a decline's 'Your card was declined.'), or a plain fallback. */
export function failureText(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error !== null && 'data' in error) {
    const data = (error as { data: unknown }).data;
    if (typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string' && data.message) {
      return data.message;
    }
  }
  return fallback;
}

/**
 * Whether a failed payment call leaves the outcome unknown: no response at all (network, timeout) or a
 * 5xx. The bank may have charged the card all the same, so nobody may say "nothing was charged". Only
 * a clear answer (a 4xx such as a 402 decline) or our own check before sending anything (an Error,
 * e.g. 'Unable to get token') is a known failure.
 */
export function isUnconfirmedFailure(error: unknown): boolean {
  if (error instanceof Error) return false;
  if (typeof error !== 'object' || error === null || !('status' in error)) return true;
  const status = errorStatus(error as FetchBaseQueryError);
  return status === null || status >= 500;
}
