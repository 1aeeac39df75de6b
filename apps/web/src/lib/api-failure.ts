// The one place that reads a failed call: the failure envelope `{ success: false, message, code, field? }`
// (DESIGN §1) out of an RTK Query error, and the text a screen shows for it.
import { isErrorCode, type ErrorCode } from '@store/shared';

export interface ApiFailure {
  /** HTTP status, or null when no answer arrived (network failure, timeout). */
  status: number | null;
  /** The server's message, when the answer had one. */
  message: string | null;
  /** The failure's code from the store's catalogue (ERROR_CODES); null when none came, or one it does not list. */
  code: ErrorCode | null;
  /** The input the server refused, when it names one. */
  field: string | null;
}

export const GENERIC_FAILURE_TEXT = 'Something went wrong. Please try again.';
/** No answer arrived, for screens whose calls skip the shared handler (so no toast said it). */
export const UNREACHABLE_TEXT = 'We could not reach the server. Check your connection and try again.';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const stringOrNull = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

export function readApiFailure(error: unknown): ApiFailure {
  if (!isRecord(error)) return { status: null, message: null, code: null, field: null };
  const data = isRecord(error.data) ? error.data : {};
  // FETCH_ERROR / PARSING_ERROR keep the HTTP status (if any) in originalStatus.
  const status = typeof error.status === 'number' ? error.status : typeof error.originalStatus === 'number' ? error.originalStatus : null;
  return { status, message: stringOrNull(data.message), code: isErrorCode(data.code) ? data.code : null, field: stringOrNull(data.field) };
}

/**
 * What to tell the shopper about a failed call: our own check's message (an Error thrown before
 * anything was sent, e.g. 'Unable to get token'), else the server's message, else `fallback`; or
 * `unreachable` when the call got no answer at all. That is the fallback by default, since the shared
 * handler has already toasted that the store cannot be reached; screens whose calls skip the handler
 * pass UNREACHABLE_TEXT.
 */
export function failureText(
  error: unknown,
  fallback = GENERIC_FAILURE_TEXT,
  { unreachable = fallback }: { unreachable?: string } = {},
): string {
  if (error instanceof Error && error.message) return error.message;
  const failure = readApiFailure(error);
  if (failure.message) return failure.message;
  return failure.status === null ? unreachable : fallback;
}
