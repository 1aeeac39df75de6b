import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { CHUNK_RELOAD_KEY } from '@store/shared';
import { mockApi } from '../../test/mock-api.ts';
import { settingsFixture } from '../../test/fixtures/site.ts';
import { renderRoutes } from '../../test/render.tsx';
import { createRoutes } from './routes.tsx';
import { lazyPage } from './lazy.ts';
import { RootLayout } from './layout/RootLayout.tsx';
import { RouteErrorScreen } from './layout/RouteErrorScreen.tsx';

afterEach(() => vi.unstubAllGlobals());

function guestNetwork() {
  return mockApi({ 'GET v1/settings': { body: { success: true, data: settingsFixture } } });
}

describe('the route table', () => {
  it('renders a public content page lazily inside the header and footer, with company details from settings', async () => {
    guestNetwork();
    renderRoutes(createRoutes, { path: '/contact' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
    expect(screen.getByTestId('public-header')).toBeInTheDocument();
    expect(screen.getByTestId('site-footer')).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('link', { name: settingsFixture.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${settingsFixture.supportEmail}`,
    );
    expect(within(main).getByRole('link', { name: settingsFixture.phone })).toBeInTheDocument();
    expect(within(main).getByText(settingsFixture.addressLines[0])).toBeInTheDocument();
  });

  it.each([
    ['/about-us', 'About us'],
    ['/affiliate-artist', 'Affiliate artists'],
    ['/privacy-policy', 'Privacy policy'],
    ['/kyc-info', 'Identity verification'],
    ['/data-deletion', 'Data deletion'],
    ['/use-policy-terms', 'Terms and Conditions'],
  ])('%s shows "%s"', async (path, title) => {
    guestNetwork();
    renderRoutes(createRoutes, { path });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('about-us names the company and shows its description from settings', async () => {
    guestNetwork();
    renderRoutes(createRoutes, { path: '/about-us' });
    const main = await screen.findByRole('main');
    expect(await within(main).findByText(settingsFixture.companyDescription)).toBeInTheDocument();
    expect(within(main).getByText(/Lucky Dragon Collective/)).toBeInTheDocument();
  });

  it('shows the not-found page for an unknown path', async () => {
    guestNetwork();
    renderRoutes(createRoutes, { path: '/no-such-page' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
  });
});

describe('chunk load failure after the one reload', () => {
  it('reports it with a Reload button and keeps header and footer', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, '1');
    guestNetwork();
    renderRoutes(
      [
        {
          element: <RootLayout />,
          children: [
            {
              errorElement: <RouteErrorScreen />,
              children: [
                {
                  path: '/broken',
                  lazy: lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))),
                },
              ],
            },
          ],
        },
      ],
      { path: '/broken' },
    );

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(within(alert).getByText('Loading chunk failed')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByTestId('public-header')).toBeInTheDocument();
  });
});
