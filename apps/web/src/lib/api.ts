import { createAction } from '@reduxjs/toolkit';
import {
  buildCreateApi,
  coreModule,
  fetchBaseQuery,
  reactHooksModule,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { AUTH_HEADER, NGROK_HEADER } from '@store/shared';
import { loadingEnded, loadingStarted } from './loading-slice.ts';
import { handleApiError } from './error-handler.ts';

export type ApiExtraOptions = {
  /** Send no x-auth-token (SPEC §6: convertionrate and active-promotion). */
  noAuth?: boolean;
  /** The caller shows its own errors; the shared handler of SPEC §8 stays out. */
  skipErrorHandler?: boolean;
};

/** Answers one API request: the browser's fetch, or on the server the store's own routes in-process. */
export type ApiFetch = (input: RequestInfo, init?: RequestInit) => Promise<Response>;

/**
 * What the API needs from the store it runs in, handed over when the store is made (as the thunk
 * extra argument), so lib/ never reaches into app/ or a feature: where the session token is, and (for a
 * page rendered on the server) who answers the requests.
 */
export interface ApiEnvironment {
  selectToken: (state: unknown) => string | null;
  fetch?: ApiFetch;
}

/** An environment reading the token with the store's own selector. */
export function apiEnvironment<State>(selectToken: (state: State) => string | null, fetch?: ApiFetch): ApiEnvironment {
  return { selectToken: (state) => selectToken(state as State), fetch };
}

function isApiEnvironment(extra: unknown): extra is ApiEnvironment {
  return typeof extra === 'object' && extra !== null && typeof (extra as ApiEnvironment).selectToken === 'function';
}

function methodOf(arg: string | FetchArgs): string {
  return typeof arg === 'string' ? 'GET' : (arg.method ?? 'GET').toUpperCase();
}

// Resolved against the page so the Request is absolute wherever it is built (browser or test DOM). On the
// server the origin is a placeholder: the environment's fetch answers by path.
const apiBaseUrl = new URL('/api/', typeof window === 'undefined' ? 'http://localhost' : window.location.origin).href;

function makeFetchFromApi(fetchFn?: ApiFetch) {
  return fetchBaseQuery({
    baseUrl: apiBaseUrl,
    ...(fetchFn ? { fetchFn } : {}),
    prepareHeaders(headers, { arg, extraOptions, extra, getState }) {
      const options = (extraOptions ?? {}) as ApiExtraOptions;
      const token = isApiEnvironment(extra) ? extra.selectToken(getState()) : null;
      if (!options.noAuth && token) headers.set(AUTH_HEADER, token);
      if (methodOf(arg) === 'GET') headers.set(NGROK_HEADER, '1');
      return headers;
    },
  });
}

const browserFetchFromApi = makeFetchFromApi();
// One base query per server-side fetch (one per rendered page), dropped with it.
const environmentFetchers = new WeakMap<ApiFetch, ReturnType<typeof makeFetchFromApi>>();

function fetcherFor(extra: unknown) {
  const fetchFn = isApiEnvironment(extra) ? extra.fetch : undefined;
  if (!fetchFn) return browserFetchFromApi;
  let fetcher = environmentFetchers.get(fetchFn);
  if (!fetcher) environmentFetchers.set(fetchFn, (fetcher = makeFetchFromApi(fetchFn)));
  return fetcher;
}

/**
 * The calls of SPEC §7 "Payments" (and the saved-bank checkout). SPEC §8: their failures reach the
 * caller's error callback first, then the shared handler.
 */
const PAYMENT_CALL_PATHS = ['v1/nuvei/', 'v1/payment/', 'v1/vault/', 'v1/admin/whitelist_states/', 'v1/checkout/saved-bank'];

function isPaymentCall(arg: string | FetchArgs): boolean {
  const url = typeof arg === 'string' ? arg : arg.url;
  return PAYMENT_CALL_PATHS.some((path) => url.startsWith(path));
}

function isFailureEnvelope(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { success?: unknown }).success === false;
}

/** fetchBaseQuery plus the SPEC §7 rules: failure envelopes are errors, loading flag, shared handler. */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ApiExtraOptions> = async (args, bqApi, extraOptions) => {
  bqApi.dispatch(loadingStarted());
  try {
    const result = await fetcherFor(bqApi.extra)(args, bqApi, extraOptions ?? {});
    const failed =
      result.error ?? (isFailureEnvelope(result.data) ? { status: result.meta?.response?.status ?? 200, data: result.data } : undefined);
    if (!failed) return result;
    // On the server a failed call makes the page fall back to rendering in the browser, which asks
    // again and shows the failure there; toasts and sign-outs belong to the browser.
    const inBrowser = typeof window !== 'undefined';
    if (inBrowser && !extraOptions?.skipErrorHandler && !bqApi.signal.aborted) {
      // A payment call's caller hears of the failure first (its catch runs in the microtasks that
      // follow this return); the shared handler runs in the next task, after it.
      if (isPaymentCall(args)) setTimeout(() => handleApiError(failed, bqApi.dispatch), 0);
      else handleApiError(failed, bqApi.dispatch);
    }
    return { error: failed, meta: result.meta };
  } finally {
    bqApi.dispatch(loadingEnded());
  }
};

/**
 * The API cache a page was rendered with on the server (issue 8), dispatched once before the browser
 * hydrates that page, so its first render shows the same data without asking again.
 */
export const serverApiStateReceived = createAction<unknown>('api/serverStateReceived');

// On the server the hooks start their queries while rendering (a first pass collects them, a second
// renders with the answers: app/server-render.tsx); in the browser they start in effects, as usual.
const createApi = buildCreateApi(coreModule(), reactHooksModule({ unstable__sideEffectsInRender: import.meta.env.SSR }));

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['User', 'Products', 'Settings', 'Promotion', 'Cart', 'SignInMethods'],
  endpoints: () => ({}),
  extractRehydrationInfo(action, { reducerPath }) {
    if (!serverApiStateReceived.match(action)) return undefined;
    // The payload is this very reducer's state, serialised by the server's copy of this module.
    return (action.payload as Record<string, never>)[reducerPath];
  },
});
