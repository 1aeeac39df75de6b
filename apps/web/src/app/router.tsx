import { createBrowserRouter, RouterProvider } from 'react-router';
import { setNavigate } from '../lib/navigation.ts';
import { routes } from './routes.tsx';

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // Sign-out and the shared error handler change routes from outside React.
  setNavigate((to) => void router.navigate(to));
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

export function AppRouterProvider({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} />;
}
