import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { RouteChangeLoader } from './RouteChangeLoader.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

// Literal milliseconds on purpose: the spec says 1.5 s, and a test reusing the constant would follow it
// to any wrong value.
function renderApp() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <RouteChangeLoader />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <h1>Home</h1> },
          { path: '/about-us', element: <h1>About</h1> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('route-change loader', () => {
  it('shows for 1.5 s after each route change without hiding the page', async () => {
    const router = renderApp();
    expect(screen.getByTestId('route-loader')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTime(1500));
    expect(screen.queryByTestId('route-loader')).not.toBeInTheDocument();

    await act(() => router.navigate('/about-us'));
    expect(screen.getByTestId('route-loader')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'About' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTime(1499));
    expect(screen.getByTestId('route-loader')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('route-loader')).not.toBeInTheDocument();
  });

  it('starts the 1.5 s again when the route changes while it shows', async () => {
    const router = renderApp();
    await act(() => vi.advanceTimersByTime(1000));
    await act(() => router.navigate('/about-us'));
    await act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('route-loader')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByTestId('route-loader')).not.toBeInTheDocument();
  });
});
