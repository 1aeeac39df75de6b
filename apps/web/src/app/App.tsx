import { StrictMode, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { AppToasts } from './AppToasts.tsx';
import type { AppStore } from './store.ts';

/**
 * The app around its router: the browser renders it with the browser router, the server with a static
 * router for the same URL. One tree for both, so the browser hydrates exactly what the server sent.
 */
export function App({ store, router }: { store: AppStore; router: ReactNode }) {
  return (
    <StrictMode>
      <Provider store={store}>
        {router}
        <AppToasts />
      </Provider>
    </StrictMode>
  );
}
