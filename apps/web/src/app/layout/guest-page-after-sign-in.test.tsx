import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { mockApi } from '../../../test/mock-api.ts';
import { headerRoutes } from '../../../test/fixtures/site.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { useCompleteSignIn } from '../../features/auth/hooks/use-complete-sign-in.ts';
import { GUEST_ONLY_ROUTE_ID, requireGuest } from '../guards.ts';
import { selectSignedInStateReady } from '../store.ts';
import { loadSignedInChrome, RootLayout } from './RootLayout.tsx';

afterEach(() => vi.unstubAllGlobals());

/** A sign-in page that signs in as the real pages do (useCompleteSignIn: the session, then the way on). */
function SignInPage() {
  const completeSignIn = useCompleteSignIn();
  return (
    <>
      <h1>Sign in</h1>
      <button
        type="button"
        onClick={() =>
          completeSignIn({
            token: 'tok_mei',
            user: { _id: 'u_mei', role: 'USER', email: 'mei@example.com', firstname: 'Mei', lastname: 'Lin' },
          })
        }
      >
        Sign in
      </button>
    </>
  );
}

describe('a guest-only page once the shopper has signed in on it', () => {
  it('is not shown again inside the signed-in header while the way home loads', async () => {
    mockApi(headerRoutes());
    // The home screen's code is held back, as on a slow line: the navigation stays pending.
    let releaseHome: () => void = () => {};
    const homeLoaded = new Promise<void>((resolve) => (releaseHome = resolve));
    const { user, store } = renderRoutes(
      (store) => [
        {
          element: <RootLayout />,
          children: [
            { path: '/', lazy: async () => (await homeLoaded, { Component: () => <h1>Home</h1> }) },
            { id: GUEST_ONLY_ROUTE_ID, loader: requireGuest(store), children: [{ path: '/login', element: <SignInPage /> }] },
          ],
        },
      ],
      { path: '/login' },
    );

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    // Everything the signed-in header needs is in (its chunk and the signed-in state)...
    await loadSignedInChrome();
    await waitFor(() => expect(selectSignedInStateReady(store.getState())).toBe(true));
    await act(async () => {});
    // ...and still the page signed in on is not shown under it: the boot screen holds the place until home.
    expect(screen.queryByRole('heading', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading the store' })).toBeInTheDocument();
    releaseHome();
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});
