import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { AUTH_TOKEN_KEY, COUNTRY_RESTRICTED_MESSAGE, JUMIO_KEY, TRANSACTION_LIMIT_KEY, USER_KEY } from '@store/shared';
import { storage } from '../../lib/storage.ts';
import type { LiveConnectionOptions, LiveOptions, LiveSocket } from '../../lib/live-socket.ts';
import { mockApi, type Handler } from '../../../test/mock-api.ts';
import { getUserFixture, headerRoutes } from '../../../test/fixtures/site.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { RootLayout } from './RootLayout.tsx';

type Listener = (payload: unknown) => void;
let sockets: { options: LiveOptions; listeners: Map<string, Listener[]>; disconnected: boolean }[];

/** The store's socket.io-client boundary: each socket the screen opens, with its options and listeners. */
const live: LiveConnectionOptions = {
  ioFactory: (options) => {
    const entry = { options, listeners: new Map<string, Listener[]>(), disconnected: false };
    sockets.push(entry);
    const socket: LiveSocket = {
      on: (event, listener) => entry.listeners.set(event, [...(entry.listeners.get(event) ?? []), listener as Listener]),
      off: (event, listener) =>
        entry.listeners.set(
          event,
          (entry.listeners.get(event) ?? []).filter((l) => l !== listener),
        ),
      disconnect: () => (entry.disconnected = true),
    };
    return socket;
  },
};

beforeEach(() => {
  sockets = [];
  storage.set(AUTH_TOKEN_KEY, 'tok_dana');
  storage.set(USER_KEY, { _id: 'u_dana', role: 'USER' });
});

afterEach(() => {
  act(() => toast.dismiss());
  vi.unstubAllGlobals();
});

function renderSignedIn(overrides: Record<string, Handler> = {}) {
  const net = mockApi({ ...headerRoutes(), ...overrides });
  const view = renderRoutes(
    [
      {
        element: <RootLayout />,
        children: [
          { path: '/', element: <h1>Home page</h1> },
          { path: '*', element: <h1>Another page</h1> },
        ],
      },
    ],
    { live },
  );
  return { ...view, net };
}

async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 30));
  });
}

describe('signed-in header load', () => {
  it('makes the five header fetches (getuser first, the cart among them) and shows balance and cart count', async () => {
    const { net } = renderSignedIn();
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('1,234.00');
    expect(screen.getByTestId('signed-in-header')).toBeInTheDocument();
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('0');
    // The header's own fetches: the chat widget, which loads once the page is idle (a slow machine gets
    // there within this test), asks for its conversation on its own.
    const headerFetches = () => net.keys().filter((key) => !key.startsWith('GET v1/chat'));
    await waitFor(() => expect(headerFetches()).toHaveLength(5));
    expect(headerFetches()[0]).toBe('GET v1/getuser');
    expect(new Set(headerFetches())).toEqual(
      new Set([
        'GET v1/getuser',
        'GET v1/settings',
        'GET v1/admin/promotions/active-promotion-web',
        'GET v1/cart/convertionrate',
        'GET v1/cart',
      ]),
    );
    expect(storage.get(TRANSACTION_LIMIT_KEY)).toBe(50000);
  });

  it('keeps the verification record locally under jumio', async () => {
    const jumio = { attempts: 1, decision: null, status: 'INITIATED' };
    renderSignedIn({ 'GET v1/getuser': { body: getUserFixture({ jumio }) } });
    expect(await screen.findByTestId('verification-badge')).toHaveTextContent('Pending');
    expect(storage.get(JUMIO_KEY)).toEqual(jumio);
  });

  it('a 401 on getuser signs out with a dark top-right toast of the server message', async () => {
    const { router } = renderSignedIn({
      'GET v1/getuser': {
        status: 401,
        body: { success: false, message: 'Your session expired. Please sign in again.', code: 'UNAUTHORIZED' },
      },
    });
    const message = await screen.findByText('Your session expired. Please sign in again.');
    expect(message.closest('.Toastify__toast')).toHaveClass('Toastify__toast-theme--dark');
    expect(message.closest('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--top-right');
    expect(storage.get(AUTH_TOKEN_KEY)).toBe('');
    expect(storage.get(USER_KEY)).toBe('');
    expect(await screen.findByTestId('public-header')).toBeInTheDocument();
    expect(screen.queryByTestId('signed-in-header')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('getuser with the country message signs out and shows that message', async () => {
    renderSignedIn({
      'GET v1/getuser': { status: 400, body: { success: false, message: COUNTRY_RESTRICTED_MESSAGE, code: 'COUNTRY_RESTRICTED' } },
    });
    expect(await screen.findByText(COUNTRY_RESTRICTED_MESSAGE)).toBeInTheDocument();
    expect(storage.get(AUTH_TOKEN_KEY)).toBe('');
    expect(await screen.findByTestId('public-header')).toBeInTheDocument();
  });

  it('ignores the other header-fetch errors: no toast, still signed in', async () => {
    const down = { status: 500, body: { success: false, message: 'Internal error.', code: 'INTERNAL' } };
    renderSignedIn({
      'GET v1/settings': down,
      'GET v1/admin/promotions/active-promotion-web': down,
      'GET v1/cart/convertionrate': down,
      'GET v1/cart': down,
    });
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('1,234.00');
    await settle();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(storage.get(AUTH_TOKEN_KEY)).toBe('tok_dana');
  });

  it('ignores a getuser failure other than 401 and the country message', async () => {
    renderSignedIn({ 'GET v1/getuser': { status: 500, body: { success: false, message: 'Internal error.', code: 'INTERNAL' } } });
    await settle();
    expect(screen.getByTestId('signed-in-header')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(storage.get(AUTH_TOKEN_KEY)).toBe('tok_dana');
  });
});

describe('live wallet', () => {
  it('connects as the signed-in USER and raises the balance on walletUpdated', async () => {
    renderSignedIn();
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('1,234.00');
    await waitFor(() => expect(sockets.filter((s) => !s.disconnected)).toHaveLength(1));
    const live = sockets.find((s) => !s.disconnected)!;
    expect(live.options).toMatchObject({ query: { _id: 'u_dana', role: 'USER' } });
    // auth is a function (each reconnect names the last live event id seen by then, issue 10).
    let auth: unknown;
    (live.options.auth as (send: (data: unknown) => void) => void)((data) => (auth = data));
    expect(auth).toMatchObject({ token: 'tok_dana' });

    act(() => {
      for (const listener of live.listeners.get('walletUpdated') ?? []) {
        listener({ coins: { purchasedWallet: 11200, winWallet: 30, stackingWallet: 4 } });
      }
    });
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('11.23K');
  });
});

describe('profile dropdown and logout', () => {
  it('shows the default avatar and the formatted total balance', async () => {
    const user = userEvent.setup();
    renderSignedIn({
      'GET v1/getuser': {
        body: getUserFixture({
          data: { ...getUserFixture().data, coins: { purchasedWallet: 12_000_000, winWallet: 345_678, stackingWallet: 0 } },
        }),
      },
    });
    await screen.findByTestId('wallet-balance');
    await user.click(screen.getByTestId('profile-menu-button'));
    const dropdown = screen.getByTestId('profile-dropdown');
    expect(within(dropdown).getByText('12.35M')).toBeInTheDocument();
    expect(within(dropdown).getByRole('img', { name: 'Profile picture' })).toHaveAttribute('src', '/default-avatar.svg');
    expect(within(dropdown).getByText('Dana Demo')).toBeInTheDocument();
  });

  it('shows each wallet and links to the wallet history', async () => {
    const user = userEvent.setup();
    renderSignedIn({
      'GET v1/getuser': {
        body: getUserFixture({
          data: { ...getUserFixture().data, coins: { purchasedWallet: 2_500, winWallet: 740, stackingWallet: 1_200 } },
        }),
      },
    });
    await screen.findByTestId('wallet-balance');
    await user.click(screen.getByTestId('profile-menu-button'));
    const dropdown = screen.getByTestId('profile-dropdown');
    expect(within(within(dropdown).getByTestId('profile-purchasedWallet')).getByText('2,500.00')).toBeInTheDocument();
    expect(within(within(dropdown).getByTestId('profile-winWallet')).getByText('740.00')).toBeInTheDocument();
    expect(within(within(dropdown).getByTestId('profile-stackingWallet')).getByText('1,200.00')).toBeInTheDocument();
    // The whole figure, for screen readers and on hover (issue 24).
    expect(within(dropdown).getByText('Purchased: 2,500 coins')).toBeInTheDocument();
    expect(within(dropdown).getByTitle('740 coins')).toBeInTheDocument();
    expect(within(dropdown).getByRole('link', { name: 'Wallet history' })).toHaveAttribute('href', '/wallet-history');
  });

  it('gives the compact header and dropdown balances their whole figure on hover and keyboard focus', async () => {
    const user = userEvent.setup();
    renderSignedIn({
      'GET v1/getuser': {
        body: getUserFixture({
          data: { ...getUserFixture().data, coins: { purchasedWallet: 12_000, winWallet: 2_150, stackingWallet: 0 } },
        }),
      },
    });
    // SPEC §9 keeps the short form on show...
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('14.15K');
    const header = screen.getByTestId('signed-in-header');
    // ...and the whole figure is what a screen reader hears and what hovering shows.
    const figure = within(header).getByTitle('14,150 coins');
    expect(figure).toHaveTextContent('Total wallet balance: 14,150 coins');
    expect(figure).toContainElement(screen.getByTestId('wallet-balance'));
    expect(screen.getByTestId('wallet-balance')).toHaveAttribute('aria-hidden', 'true');

    // A keyboard user reaches it too.
    for (let i = 0; i < 20 && document.activeElement !== figure; i += 1) await user.tab();
    expect(figure).toHaveFocus();

    await user.click(screen.getByTestId('profile-menu-button'));
    const dropdown = screen.getByTestId('profile-dropdown');
    expect(within(dropdown).getByText('14.15K')).toBeInTheDocument();
    expect(within(dropdown).getByTitle('14,150 coins')).toHaveTextContent('Total balance: 14,150 coins');
    expect(within(dropdown).getByTitle('12,000 coins')).toHaveTextContent('Purchased: 12,000 coins');
  });

  it("shows the user's own image when there is one", async () => {
    const user = userEvent.setup();
    renderSignedIn({
      'GET v1/getuser': { body: getUserFixture({ data: { ...getUserFixture().data, image: '/uploads/dana.png' } }) },
    });
    await screen.findByTestId('wallet-balance');
    await user.click(screen.getByTestId('profile-menu-button'));
    expect(within(screen.getByTestId('profile-dropdown')).getByRole('img', { name: 'Profile picture' })).toHaveAttribute(
      'src',
      '/uploads/dana.png',
    );
  });

  it('closes when clicking outside', async () => {
    const user = userEvent.setup();
    renderSignedIn();
    await screen.findByTestId('wallet-balance');
    await user.click(screen.getByTestId('profile-menu-button'));
    expect(screen.getByTestId('profile-dropdown')).toBeInTheDocument();
    await user.click(screen.getByRole('heading', { name: 'Home page' }));
    expect(screen.queryByTestId('profile-dropdown')).not.toBeInTheDocument();
  });

  it('Logout tells the server, then signs out on this device and goes home', async () => {
    const user = userEvent.setup();
    const { net, router } = renderSignedIn({ 'POST v1/auth/logout': { body: { success: true } } });
    await router.navigate('/somewhere');
    await screen.findByTestId('wallet-balance');
    await user.click(screen.getByTestId('profile-menu-button'));
    await user.click(screen.getByTestId('logout-button'));

    expect(await screen.findByTestId('public-header')).toBeInTheDocument();
    expect(net.find('POST v1/auth/logout')?.headers.get('x-auth-token')).toBe('tok_dana');
    expect(storage.get(AUTH_TOKEN_KEY)).toBe('');
    expect(storage.get(USER_KEY)).toBe('');
    expect(sockets.every((s) => s.disconnected)).toBe(true);
    expect(router.state.location.pathname).toBe('/');
  });

  it('Logout still signs out, without a toast, when the server call fails', async () => {
    const user = userEvent.setup();
    renderSignedIn({ 'POST v1/auth/logout': { status: 500, body: { success: false, message: 'Internal error.', code: 'INTERNAL' } } });
    await screen.findByTestId('wallet-balance');
    await user.click(screen.getByTestId('profile-menu-button'));
    await user.click(screen.getByTestId('logout-button'));
    expect(await screen.findByTestId('public-header')).toBeInTheDocument();
    expect(storage.get(AUTH_TOKEN_KEY)).toBe('');
    await settle();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('signed-in menus', () => {
  it('links to products, about, purchases and cart', async () => {
    renderSignedIn();
    const header = screen.getByTestId('signed-in-header');
    expect(within(header).getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products');
    expect(within(header).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about-us');
    expect(within(header).getByRole('link', { name: 'My purchases' })).toHaveAttribute('href', '/my-purchases');
    expect(within(header).getByRole('link', { name: /Cart/ })).toHaveAttribute('href', '/cart');
    await screen.findByTestId('wallet-balance');
  });

  it('shows the Get the App submenu on hover', async () => {
    const user = userEvent.setup();
    renderSignedIn();
    await screen.findByTestId('wallet-balance');
    const header = screen.getByTestId('signed-in-header');
    await user.hover(within(header).getByRole('button', { name: /Get the App/ }));
    const ios = await within(header).findByRole('link', { name: 'iOS' });
    expect(ios).toHaveAttribute('href', 'https://apps.apple.com/app/lucky-dragon/id100000001');
    expect(ios).toHaveAttribute('target', '_blank');
    await user.unhover(within(header).getByRole('button', { name: /Get the App/ }));
    expect(within(header).queryByRole('link', { name: 'iOS' })).not.toBeInTheDocument();
  });

  it('mobile menu: Home, Products, About, My purchases and a Get the App sub-list with Back and Close', async () => {
    const user = userEvent.setup();
    renderSignedIn();
    await screen.findByTestId('wallet-balance');

    await user.click(screen.getByRole('button', { name: 'Menu open' }));
    const menu = screen.getByTestId('mobile-menu');
    expect(
      within(menu)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Home', 'Products', 'About', 'My purchases']);

    await user.click(within(menu).getByRole('button', { name: 'Get the App' }));
    const android = within(menu).getByRole('link', { name: 'Android' });
    expect(android).toHaveAttribute('href', 'https://play.google.com/store/apps/details?id=example.luckydragon');
    expect(android).toHaveAttribute('target', '_blank');
    expect(android).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(menu).getByRole('link', { name: 'iOS' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(menu).queryByRole('link', { name: 'Products' })).not.toBeInTheDocument();

    await user.click(within(menu).getByRole('button', { name: 'Back' }));
    expect(within(menu).getByRole('link', { name: 'Products' })).toBeInTheDocument();

    await user.click(within(menu).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('mobile-menu')).not.toBeInTheDocument();
  });

  it('mobile menu closes when clicking outside', async () => {
    const user = userEvent.setup();
    renderSignedIn();
    await screen.findByTestId('wallet-balance');
    await user.click(screen.getByRole('button', { name: 'Menu open' }));
    expect(screen.getByTestId('mobile-menu')).toBeInTheDocument();
    await user.click(screen.getByRole('heading', { name: 'Home page' }));
    expect(screen.queryByTestId('mobile-menu')).not.toBeInTheDocument();
  });
});
