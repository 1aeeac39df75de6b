import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { AUTH_TOKEN_KEY, REDIRECT_KEY } from '@store/shared';
import { storage } from '../lib/storage.ts';
import { requireGuest, requireSignedIn } from './guards.ts';
import type { AppStore } from './store.ts';
import { renderRoutes } from '../../test/render.tsx';

// The store starts from the persisted token, as after a reload.
const routes = (store: AppStore) => [
  { path: '/', element: <h1>Home</h1> },
  { loader: requireSignedIn(store), children: [{ path: '/product-details/:id', element: <h1>Product details</h1> }] },
  { loader: requireGuest(store), children: [{ path: '/login', element: <h1>Sign in</h1> }] },
];

describe('route guards', () => {
  it('sends a guest from a protected route to /login and keeps the requested path with its query', async () => {
    const { router } = renderRoutes(routes, { path: '/product-details/p_gold?type=giftCard' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(storage.get(REDIRECT_KEY)).toBe('/product-details/p_gold?type=giftCard');
  });

  it('lets a signed-in user open a protected route', async () => {
    storage.set(AUTH_TOKEN_KEY, 'tok_1');
    renderRoutes(routes, { path: '/product-details/p_gold' });
    expect(await screen.findByRole('heading', { name: 'Product details' })).toBeInTheDocument();
    expect(storage.get(REDIRECT_KEY)).toBe('');
  });

  it('sends a signed-in user away from guest-only routes to /', async () => {
    storage.set(AUTH_TOKEN_KEY, 'tok_1');
    const { router } = renderRoutes(routes, { path: '/login' });
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets a guest open guest-only routes', async () => {
    renderRoutes(routes, { path: '/login' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });
});
