import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { AUTH_HEADER, NGROK_HEADER } from '@store/shared';
import { loadingEnded, loadingStarted } from './loading-slice.ts';
import { handleApiError } from './error-handler.ts';

export type ApiExtraOptions = {
  /** Send no x-auth-token (SPEC §6: convertionrate and active-promotion). */
  noAuth?: boolean;
  /** The caller shows its own errors; the shared handler of SPEC §8 stays out. */
  skipErrorHandler?: boolean;
};

/**
 * What the API needs from the store it runs in, handed over when the store is made (as the thunk
 * extra argument), so lib/ never reaches into app/ or a feature: where the session token is.
 */
export interface ApiEnvironment {
  selectToken: (state: unknown) => string | null;
}

/** An environment reading the token with the store's own selector. */
export function apiEnvironment<State>(selectToken: (state: State) => string | null): ApiEnvironment {
  return { selectToken: (state) => selectToken(state as State) };
}

function isApiEnvironment(extra: unknown): extra is ApiEnvironment {
  return typeof extra === 'object' && extra !== null && typeof (extra as ApiEnvironment).selectToken === 'function';
}

function methodOf(arg: string | FetchArgs): string {
  return typeof arg === 'string' ? 'GET' : (arg.method ?? 'GET').toUpperCase();
}

const fetchFromApi = fetchBaseQuery({
  // Resolved against the page so the Request is absolute wherever it is built (browser or test DOM).
  baseUrl: new URL('/api/', window.location.origin).href,
  prepareHeaders(headers, { arg, extraOptions, extra, getState }) {
    const options = (extraOptions ?? {}) as ApiExtraOptions;
    const token = isApiEnvironment(extra) ? extra.selectToken(getState()) : null;
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
