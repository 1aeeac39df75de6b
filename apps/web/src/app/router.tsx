import { createBrowserRouter, RouterProvider, type HydrationState, type RouteObject } from 'react-router';
import { setNavigate } from '../lib/navigation.ts';

export function createAppRouter(routes: RouteObject[], options: { hydrationData?: HydrationState } = {}) {
  const router = createBrowserRouter(routes, options);
  // Sign-out and the shared error handler change routes from outside React.
  setNavigate((to) => void router.navigate(to));
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

export function AppRouterProvider({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} />;
}

/** Resolves once the router has loaded the first screen (and run its guards). */
export function whenRouterReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
