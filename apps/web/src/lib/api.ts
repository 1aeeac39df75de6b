import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { AUTH_HEADER, NGROK_HEADER } from '@store/shared';
// session.ts imports this module too; the cycle is safe because getStoredToken is only called per request.
import { getStoredToken } from './session.ts';
import { loadingEnded, loadingStarted } from './loading-slice.ts';
import { handleApiError } from './error-handler.ts';

export type ApiExtraOptions = {
  /** Send no x-auth-token (SPEC §6: convertionrate and active-promotion). */
  noAuth?: boolean;
  /** The caller shows its own errors; the shared handler of SPEC §8 stays out. */
  skipErrorHandler?: boolean;
};

function methodOf(arg: string | FetchArgs): string {
  return typeof arg === 'string' ? 'GET' : (arg.method ?? 'GET').toUpperCase();
}

const fetchFromApi = fetchBaseQuery({
  // Resolved against the page so the Request is absolute wherever it is built (browser or test DOM).
  baseUrl: new URL('/api/', window.location.origin).href,
  prepareHeaders(headers, { arg, extraOptions }) {
    const options = (extraOptions ?? {}) as ApiExtraOptions;
    const token = getStoredToken();
    if (!options.noAuth && token) headers.set(AUTH_HEADER, token);
    if (methodOf(arg) === 'GET') headers.set(NGROK_HEADER, '1');
    return headers;
  },
});

function isFailureEnvelope(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { success?: unknown }).success === false;
}

/** fetchBaseQuery plus the SPEC §7 rules: failure envelopes are errors, loading flag, shared handler. */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ApiExtraOptions> = async (args, bqApi, extraOptions) => {
  bqApi.dispatch(loadingStarted());
  try {
    const result = await fetchFromApi(args, bqApi, extraOptions ?? {});
    const failed =
      result.error ??
      (isFailureEnvelope(result.data) ? { status: result.meta?.response?.status ?? 200, data: result.data } : undefined);
    if (!failed) return result;
    if (!extraOptions?.skipErrorHandler && !bqApi.signal.aborted) handleApiError(failed, bqApi.dispatch);
    return { error: failed, meta: result.meta };
  } finally {
    bqApi.dispatch(loadingEnded());
  }
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['User', 'Products', 'Settings', 'Promotion', 'Cart'],
  endpoints: () => ({}),
});
