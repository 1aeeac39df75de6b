import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { makeStore } from './app/store.ts';
import { AppRouterProvider, createAppRouter } from './app/router.tsx';
import { AppToasts } from './app/AppToasts.tsx';
import './styles/global.css';

const store = makeStore();
const router = createAppRouter(store);

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <AppRouterProvider router={router} />
      <AppToasts />
    </Provider>
  </StrictMode>,
);
