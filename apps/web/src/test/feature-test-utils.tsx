// Test helpers shared by the feature tests: the network boundary (fetch) answered with the server's envelopes,
// and pages rendered in a real store and a memory router.
import { StrictMode, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { makeStore } from '../app/store.ts';

export interface Reply {
  status?: number;
  body: unknown;
}
export interface ApiCall {
  method: string;
  /** Path under /api/, e.g. 'v1/auth/login'. */
  path: string;
  search: URLSearchParams;
  body: unknown;
  headers: Headers;
}
type Handler = Reply | ((call: ApiCall) => Reply);

/** Replaces fetch: `routes` maps 'METHOD v1/path' to a reply; anything else answers the server's 404. */
export function mockApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const call: ApiCall = {
      method: request.method,
      path: url.pathname.replace(/^\/api\//, ''),
      search: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
      headers: request.headers,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    const reply = !handler
      ? { status: 404, body: { success: false, message: 'Not found.', code: 'NOT_FOUND' } }
      : typeof handler === 'function'
        ? handler(call)
        : handler;
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}

export const failure = (status: number, message: string, code: string, field?: string): Reply => ({
  status,
  body: { success: false, message, code, ...(field ? { field } : {}) },
});

/** Shows where the router is, so a test can see a navigation happen. */
export function LocationProbe({ label = 'Now at' }: { label?: string }) {
  const location = useLocation();
  return (
    <p data-testid="location">
      {label} {location.pathname}
      {location.search}
    </p>
  );
}

/** Renders `element` at `path` (with `at` as the URL) beside probe routes for wherever it may navigate. */
export function renderPage(element: ReactNode, { path, at, extraRoutes = [] }: { path: string; at?: string; extraRoutes?: RouteObject[] }) {
  const store = makeStore();
  const router = createMemoryRouter(
    [{ path, element }, ...extraRoutes, { path: '*', element: <LocationProbe /> }],
    { initialEntries: [at ?? path] },
  );
  const user = userEvent.setup();
  render(
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
        <ToastContainer />
      </Provider>
    </StrictMode>,
  );
  return { store, router, user };
}
