import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { makeStore, type AppStore } from '../store.ts';
import { AppToasts } from '../AppToasts.tsx';
import { BootScreen } from '../layout/BootScreen.tsx';
import { setNavigate } from '../../lib/navigation.ts';

/**
 * Renders routes in a memory router with a fresh store and the toast container; code outside React
 * (sign-out, shared handler) navigates this router.
 */
export function renderRoutes(routes: RouteObject[], { path = '/', store = makeStore() }: { path?: string; store?: AppStore } = {}) {
  // A root with a hydrate fallback, as the app's own route table has, for routes with loaders.
  const router = createMemoryRouter([{ HydrateFallback: BootScreen, children: routes }], { initialEntries: [path] });
  setNavigate((to) => void router.navigate(to));
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
      <AppToasts />
    </Provider>,
  );
  return { ...view, router, store };
}

/** One element at `path` (default '/'), plus a marker at every other path so navigation is visible. */
export function renderAt(element: ReactElement, options: { path?: string; store?: AppStore } = {}) {
  const path = options.path ?? '/';
  return renderRoutes(
    [
      { path, element },
      { path: '*', element: <p>Now at another page</p> },
    ],
    options,
  );
}
