// Reading the failure envelope `{ success: false, message, code, field? }` out of an RTK Query error,
// for the auth pages that show their own inline errors instead of the shared handler's toasts.

export interface ApiFailure {
  status: number | null;
  message: string | null;
  code: string | null;
  field: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const stringOrNull = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

export function readApiFailure(error: unknown): ApiFailure {
  if (!isRecord(error)) return { status: null, message: null, code: null, field: null };
  const data = isRecord(error.data) ? error.data : {};
  // FETCH_ERROR / PARSING_ERROR keep the HTTP status (if any) in originalStatus.
  const status = typeof error.status === 'number' ? error.status : typeof error.originalStatus === 'number' ? error.originalStatus : null;
  return { status, message: stringOrNull(data.message), code: stringOrNull(data.code), field: stringOrNull(data.field) };
}

export const NETWORK_FAILURE_TEXT = 'We could not reach the server. Check your connection and try again.';

/** The server's message, or a plain fallback when the call never got an answer. */
export function failureText(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  const failure = readApiFailure(error);
  if (failure.message) return failure.message;
  return failure.status === null ? NETWORK_FAILURE_TEXT : fallback;
}
