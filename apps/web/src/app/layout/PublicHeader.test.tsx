import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../test/mock-api.ts';
import { settingsFixture } from '../../../test/fixtures/site.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { RootLayout } from './RootLayout.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderGuest() {
  const net = mockApi({ 'GET v1/settings': { body: { success: true, data: settingsFixture } } });
  const view = renderRoutes([{ element: <RootLayout />, children: [{ path: '*', element: <h1>Page</h1> }] }]);
  return { ...view, net };
}

describe('public header', () => {
  it('has the logo home, Products, About, Contact, Login and New account', async () => {
    const { net } = renderGuest();
    const header = screen.getByTestId('public-header');
    expect(within(header).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(header).getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products');
    expect(within(header).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about-us');
    expect(within(header).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(within(header).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('link', { name: 'New account' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByTestId('signed-in-header')).not.toBeInTheDocument();
    // A guest makes no signed-in header fetches.
    await within(header).findByText(settingsFixture.companyName);
    expect(net.keys()).toEqual(['GET v1/settings']);
  });

  it('Get the App opens iOS and Android links in a new tab', async () => {
    const user = userEvent.setup();
    renderGuest();
    const header = screen.getByTestId('public-header');
    await within(header).findByText(settingsFixture.companyName);
    await user.click(within(header).getByRole('button', { name: /Get the App/ }));
    for (const [name, href] of [
      ['iOS', settingsFixture.iosAppUrl],
      ['Android', settingsFixture.androidAppUrl],
    ]) {
      const link = within(header).getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('mobile menu has Sign In, Home, Products, About, Contact and Get the App', async () => {
    const user = userEvent.setup();
    const { router } = renderGuest();
    await user.click(screen.getByRole('button', { name: 'Menu open' }));
    const menu = screen.getByTestId('mobile-menu');
    expect(
      within(menu)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Sign In', 'Home', 'Products', 'About', 'Contact']);
    expect(within(menu).getByRole('button', { name: 'Get the App' })).toBeInTheDocument();

    await user.click(within(menu).getByRole('link', { name: 'Sign In' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByTestId('mobile-menu')).not.toBeInTheDocument();
  });
});
