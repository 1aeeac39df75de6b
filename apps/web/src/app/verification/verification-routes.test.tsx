import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { AUTH_TOKEN_KEY, REDIRECT_KEY, USER_KEY } from '@store/shared';
import { storage } from '../../lib/storage.ts';
import { setIoFactory, type LiveSocket } from '../../lib/socket.ts';
import { mockApi } from '../../test/mock-api.ts';
import { getUserFixture, headerRoutes, settingsFixture } from '../../test/fixtures/site.ts';
import { renderRoutes } from '../../test/render.tsx';
import { createRoutes } from '../routes.tsx';

const rejected = { attempts: 2, decision: 'REJECTED', status: 'DONE' };

function signIn() {
  const socket: LiveSocket = { on: () => undefined, off: () => undefined, disconnect: () => undefined };
  setIoFactory(() => socket);
  storage.set(AUTH_TOKEN_KEY, 'tok_dana');
  storage.set(USER_KEY, { _id: 'u_dana', role: 'USER' });
}

function signedInNetwork() {
  return mockApi({
    ...headerRoutes(getUserFixture({ jumio: rejected })),
    'GET v1/admin/product': { body: { success: true, data: { data: [], giftCards: [] } } },
  });
}

afterEach(() => {
  act(() => toast.dismiss());
  vi.unstubAllGlobals();
});

describe('verification routes (SPEC §2 "Routes that need login")', () => {
  it.each(['/verify', '/kyc-jumio'])('sends a guest from %s to /login and remembers the path', async (path) => {
    mockApi({ 'GET v1/settings': { body: { success: true, data: settingsFixture } } });
    const { router } = renderRoutes(createRoutes, { path });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 15_000 });
    expect(storage.get(REDIRECT_KEY)).toBe(path);
    expect(await screen.findByRole('button', { name: /sign in|log in/i })).toBeInTheDocument();
  });

  describe('signed in', () => {
    beforeEach(signIn);

    it("/verify shows the record of the header's getuser answer, fetched once", async () => {
      const net = signedInNetwork();
      renderRoutes(createRoutes, { path: '/verify' });
      const panel = await screen.findByRole('region', { name: 'Verification record' });
      expect(within(panel).getByText('Retry')).toBeInTheDocument();
      expect(within(panel).getByText('Attempts').nextElementSibling).toHaveTextContent('2');
      // The header's own badge reads the same record.
      expect(await screen.findByTestId('verification-badge')).toHaveTextContent('Retry');
      // Let any late request start before counting.
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(net.keys().filter((call) => call === 'GET v1/getuser')).toHaveLength(1);
    });

    it('/kyc-jumio shows the same status and the support notice', async () => {
      signedInNetwork();
      renderRoutes(createRoutes, { path: '/kyc-jumio' });
      expect(await screen.findByRole('heading', { level: 1, name: 'Identity check' })).toBeInTheDocument();
      const panel = await screen.findByRole('region', { name: 'Verification record' });
      expect(within(panel).getByText('Retry')).toBeInTheDocument();
      expect(screen.getByRole('note')).toHaveTextContent('Online verification is not available yet');
    });

    it('the Retry badge in the header opens /verify, not the not-found page, without asking for getuser again', async () => {
      const net = signedInNetwork();
      const { router } = renderRoutes(createRoutes, { path: '/' });
      await userEvent.setup().click(await screen.findByRole('button', { name: /Retry/ }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Your identity verification' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/verify');
      expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
      const panel = await screen.findByRole('region', { name: 'Verification record' });
      expect(within(panel).getByText('Retry')).toBeInTheDocument();
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(net.keys().filter((call) => call === 'GET v1/getuser')).toHaveLength(1);
    });
  });
});
