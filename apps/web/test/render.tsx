import { StrictMode, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { makeStore, type AppStore } from '../src/app/store.ts';
import { AppToasts } from '../src/app/AppToasts.tsx';
import { BootScreen } from '../src/app/layout/BootScreen.tsx';
import { setNavigate } from '../src/lib/navigation.ts';
import type { LiveConnectionOptions } from '../src/lib/live-socket.ts';

// Screens rendered as the app renders them: a fresh app store, a memory router, StrictMode and the
// app's toast container. Code outside React (sign-out, the shared handler) navigates this router.

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

/** A live connection's socket that hears nothing: what a screen gets unless its test hands in its own. */
export const QUIET_LIVE: LiveConnectionOptions = {
  ioFactory: () => ({ on: () => undefined, off: () => undefined, disconnect: () => undefined }),
};

/**
 * Routes (or the app's route factory, given the store) at `path`, in a fresh store unless one is given;
 * `live` is that store's socket.io-client boundary (QUIET_LIVE unless a test records what the screen asks).
 */
export function renderRoutes(
  routes: RouteObject[] | ((store: AppStore) => RouteObject[]),
  {
    path = '/',
    live = QUIET_LIVE,
    store = makeStore(undefined, { live }),
  }: { path?: string; live?: LiveConnectionOptions; store?: AppStore } = {},
) {
  const children = typeof routes === 'function' ? routes(store) : routes;
  // A root with a hydrate fallback, as the app's own route table has, for routes with loaders.
  const router = createMemoryRouter([{ HydrateFallback: BootScreen, children }], { initialEntries: [path] });
  setNavigate((to) => void router.navigate(to));
  const user = userEvent.setup();
  const view = render(
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
        <AppToasts />
      </Provider>
    </StrictMode>,
  );
  return { ...view, router, store, user };
}

/**
 * One element at `path` (default '/'), opened at `at` (default `path`), beside `extraRoutes` and a
 * LocationProbe at every other path, so a navigation away is visible.
 */
export function renderPage(
  element: ReactNode,
  {
    path = '/',
    at,
    extraRoutes = [],
    live,
    store,
  }: { path?: string; at?: string; extraRoutes?: RouteObject[]; live?: LiveConnectionOptions; store?: AppStore } = {},
) {
  return renderRoutes([{ path, element }, ...extraRoutes, { path: '*', element: <LocationProbe /> }], { path: at ?? path, live, store });
}
