import { createBrowserRouter, RouterProvider } from 'react-router';
import { setNavigate } from '../lib/navigation.ts';
import { createRoutes } from './routes.tsx';
import type { AppStore } from './store.ts';

export function createAppRouter(store: AppStore) {
  const router = createBrowserRouter(createRoutes(store));
  // Sign-out and the shared error handler change routes from outside React.
  setNavigate((to) => void router.navigate(to));
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

export function AppRouterProvider({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} />;
}
