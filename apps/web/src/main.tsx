import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, type RouteObject } from 'react-router';
import { loadSignedInState, makeStore } from './app/store.ts';
import { createRoutes } from './app/routes.tsx';
import { AppRouterProvider, createAppRouter, whenRouterReady } from './app/router.tsx';
import { App } from './app/App.tsx';
import { readPageState } from './app/page-state.ts';
import { loadSignedInChrome } from './app/layout/RootLayout.tsx';
import { serverApiStateReceived } from './lib/api.ts';
import { selectAuthToken, selectIsLoggedIn } from './features/auth/auth-slice.ts';
import { whenIdle } from './lib/when-idle.ts';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

const store = makeStore();
const routes = createRoutes(store);
const pageState = readPageState(document);

/** Loads the lazy screens of the current URL before the router starts, so it renders them at once. */
async function loadCurrentScreens(table: RouteObject[]): Promise<void> {
  const matches = matchRoutes(table, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

async function start(root: HTMLElement): Promise<void> {
  // The server rendered a guest's page (issue 8, ADR 008). A guest hydrates it: same store state, same
  // router data, same screens. A signed-in visitor (token in localStorage, which the server cannot
  // see) gets the signed-in app rendered afresh, swapped in once its first screen is ready.
  if (pageState && !selectIsLoggedIn(store.getState())) {
    store.dispatch(serverApiStateReceived(pageState.api));
    await loadCurrentScreens(routes);
    const router = createAppRouter(routes, { hydrationData: pageState.router });
    hydrateRoot(root, <App store={store} router={<AppRouterProvider router={router} />} />);
    return;
  }
  const router = createAppRouter(routes);
  // A visitor who arrives signed in needs the signed-in state and header: their chunks load with the screen.
  const signedIn = selectIsLoggedIn(store.getState()) ? Promise.all([loadSignedInState(store.dispatch), loadSignedInChrome()]) : null;
  if (pageState) await Promise.all([whenRouterReady(router), signedIn]);
  createRoot(root).render(<App store={store} router={<AppRouterProvider router={router} />} />);
}

void start(container);
// Session recording (ADR 028): its code loads once the page is idle, decides this browser session and, for a
// sampled one, loads the recorder at the visitor's first action. A chunk that fails to load records nothing.
whenIdle(() => {
  import('./lib/recording/start.ts').then(
    ({ startRecording }) => startRecording({ getToken: () => selectAuthToken(store.getState()) }),
    () => {},
  );
});
