import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { AUTH_TOKEN_KEY, USER_KEY, type GetUserResponse } from '@store/shared';
import { storage } from '../../lib/storage.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { getUserFixture, headerRoutes } from '../../../test/fixtures/site.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { RootLayout } from '../layout/RootLayout.tsx';
import ProfileRoute from './ProfileRoute.tsx';

beforeEach(() => {
  storage.set(AUTH_TOKEN_KEY, 'tok_dana');
  storage.set(USER_KEY, { _id: 'u_dana', role: 'USER' });
});

afterEach(() => {
  act(() => toast.dismiss());
  vi.unstubAllGlobals();
});

const NEW_PICTURE = `/api/v1/user/avatar/${'c'.repeat(32)}.webp`;

/** The server's getuser, changed by a profile save or a picture upload as the real one is. */
function profileServer() {
  let current: GetUserResponse = getUserFixture();
  const net = mockApi({
    ...headerRoutes(),
    'GET v1/getuser': () => ({ body: current }),
    'PUT v1/user/profile': (call) => {
      const body = call.body as { firstname: string; lastname: string; address: NonNullable<GetUserResponse['data']['address']> };
      current = { ...current, data: { ...current.data, ...body } };
      return { body: current };
    },
  });
  // The picture's body is bytes, not JSON: answered here, before mockApi would parse it.
  const jsonApi = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (request.method !== 'POST' || !request.url.endsWith('/api/v1/user/avatar')) return jsonApi(input, init);
    current = { ...current, data: { ...current.data, image: NEW_PICTURE } };
    return new Response(JSON.stringify(current), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return net;
}

function renderProfileRoute() {
  const net = profileServer();
  const view = renderRoutes([{ element: <RootLayout />, children: [{ path: '/profile', element: <ProfileRoute /> }] }], {
    path: '/profile',
  });
  return { ...view, net };
}

const headerAvatar = () => within(screen.getByTestId('signed-in-header')).getByTestId('profile-menu-button').querySelector('img');

describe('/profile in the signed-in layout', () => {
  it("prefills from getuser; a saved picture and name show in the header's dropdown without a reload", async () => {
    renderProfileRoute();
    const user = userEvent.setup();
    expect(await screen.findByLabelText('First name')).toHaveValue('Dana');
    expect(headerAvatar()).toHaveAttribute('src', '/default-avatar.svg');

    await user.upload(screen.getByLabelText('Choose a picture'), new File([new Uint8Array(32)], 'me.png', { type: 'image/png' }));
    await user.click(await screen.findByRole('button', { name: 'Save picture' }));
    await waitFor(() => expect(headerAvatar()).toHaveAttribute('src', NEW_PICTURE));
    expect(screen.getByAltText('Your profile picture')).toHaveAttribute('src', NEW_PICTURE);

    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await user.click(screen.getByTestId('profile-menu-button'));
    expect(await within(screen.getByTestId('profile-dropdown')).findByText('Ada Demo')).toBeInTheDocument();
  });

  it('the profile dropdown links to it', async () => {
    mockApi(headerRoutes());
    const view = renderRoutes(
      [
        {
          element: <RootLayout />,
          children: [
            { path: '/', element: <h1>Home page</h1> },
            { path: '/profile', element: <h1>Profile page</h1> },
          ],
        },
      ],
      { path: '/' },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('profile-menu-button'));
    await user.click(within(screen.getByTestId('profile-dropdown')).getByRole('link', { name: 'Edit profile' }));
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/profile');
  });
});
