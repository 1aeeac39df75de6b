import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { AUTH_TOKEN_KEY, USER_KEY } from '@store/shared';
import { storage } from '../../lib/storage.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { getUserFixture, headerRoutes, settingsFixture } from '../../../test/fixtures/site.ts';
import { LocationProbe, renderRoutes } from '../../../test/render.tsx';
import { adminSections } from '../../features/admin/sections.ts';
import { RootLayout } from '../layout/RootLayout.tsx';
import { adminDashboardFixture } from '../../../test/fixtures/admin.ts';
import AdminRoute from './AdminRoute.tsx';

// Issue 24: the console in its own layout. The store's layout around /admin, as the app's route table has it.

beforeEach(() => {
  storage.set(AUTH_TOKEN_KEY, 'tok_ada');
  storage.set(USER_KEY, { _id: 'u_ada', role: 'ADMIN' });
});

afterEach(() => {
  act(() => toast.dismiss());
});

function renderConsole() {
  const user = getUserFixture();
  const admin = { ...user, data: { ...user.data, role: 'ADMIN' as const, email: 'ada@store.example' } };
  const net = mockApi({
    ...headerRoutes(admin),
    'GET v1/admin/dashboard': { body: adminDashboardFixture },
    'POST v1/auth/logout': { body: { success: true, message: 'Logged out' } },
  });
  const view = renderRoutes(
    [
      {
        element: <RootLayout />,
        children: [
          { path: '/admin/*', element: <AdminRoute /> },
          { path: '*', element: <LocationProbe /> },
        ],
      },
    ],
    { path: '/admin' },
  );
  return { ...view, net };
}

describe('the admin console layout', () => {
  it("shows the console's own header and none of the store's: no balance, cart, app badges, footer or chat", async () => {
    const { net } = renderConsole();
    expect(await screen.findByTestId('sales-today')).toHaveTextContent('$123.45');

    const header = screen.getByTestId('admin-console-header');
    expect(within(header).getByRole('heading', { name: 'Admin console' })).toBeInTheDocument();
    expect(await within(header).findByText(settingsFixture.companyName)).toBeInTheDocument();
    expect(within(header).getByText('ada@store.example')).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Back to the store' })).toHaveAttribute('href', '/');
    expect(within(header).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();

    expect(screen.queryByTestId('signed-in-header')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /cart/i })).not.toBeInTheDocument();
    expect(screen.queryByTestId('wallet-balance')).not.toBeInTheDocument();
    expect(screen.queryByText(/balance/i)).not.toBeInTheDocument();
    expect(screen.queryByText('Get the App')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open chat' })).not.toBeInTheDocument();
    // Nor the shopper's header fetches: no cart, no coin rate.
    expect(net.keys()).not.toContain('GET v1/cart');
    expect(net.keys()).not.toContain('GET v1/cart/convertionrate');
  });

  it('lists every section in the sidebar nav, and one main the skip link reaches', async () => {
    renderConsole();
    const nav = await screen.findByRole('navigation', { name: 'Admin sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(adminSections.map((section) => section.label));
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/admin/orders');
    // /admin shows the dashboard, so its link is the current page.
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
  });

  it("opens and closes the phone's section list with its disclosure button", async () => {
    const { user } = renderConsole();
    const nav = await screen.findByRole('navigation', { name: 'Admin sections' });
    const button = within(nav).getByRole('button', { name: 'Sections' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    await user.click(within(nav).getByRole('link', { name: 'Orders' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page'));
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('puts a table in a named box a keyboard can focus, so it scrolls there and not the page', async () => {
    renderConsole();
    const box = await screen.findByRole('region', { name: 'Orders by state table' });
    expect(box).toHaveAttribute('tabindex', '0');
    expect(within(box).getByRole('table')).toBeInTheDocument();
  });

  it('signs out from the console and goes home, without a second session-ended message', async () => {
    const { user, net } = renderConsole();
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('Now at /'));
    expect(net.keys()).toContain('POST v1/auth/logout');
    expect(storage.get(AUTH_TOKEN_KEY)).toBe('');
    expect(screen.queryByText(/session has ended/i)).not.toBeInTheDocument();
  });
});
