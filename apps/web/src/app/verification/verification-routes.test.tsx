import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { AUTH_TOKEN_KEY, JUMIO_KEY, REDIRECT_KEY, USER_KEY } from '@store/shared';
import { storage } from '../../lib/storage.ts';
import type { LiveSocket } from '../../lib/live-socket.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { getUserFixture, headerRoutes, settingsFixture } from '../../../test/fixtures/site.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { createRoutes } from '../routes.tsx';

const rejected = { attempts: 2, decision: 'REJECTED', status: 'DONE' };

function signIn() {
  storage.set(AUTH_TOKEN_KEY, 'tok_dana');
  storage.set(USER_KEY, { _id: 'u_dana', role: 'USER' });
}

const started = {
  redirectUrl: '/sandbox/kyc/0b7c7a52-5a3e-4a53-9d1e-3f3a4c8f0d11?secret=s',
  workflowExecutionId: '0b7c7a52-5a3e-4a53-9d1e-3f3a4c8f0d11',
  jumio: { attempts: 3, decision: null, status: 'INITIATED' },
};

/** A live connection whose server events the test sends. */
class FakeSocket implements LiveSocket {
  handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  on(event: string, listener: (...args: never[]) => void) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(listener as (...args: unknown[]) => void);
  }
  off(event: string, listener: (...args: never[]) => void) {
    this.handlers.get(event)?.delete(listener as (...args: unknown[]) => void);
  }
  disconnect() {}
  serverSends(event: string, payload: unknown, eventId: number) {
    for (const handler of this.handlers.get(event) ?? []) handler(payload, eventId);
  }
}

function signedInNetwork() {
  return mockApi({
    ...headerRoutes(getUserFixture({ jumio: rejected })),
    'POST v1/kyc/jumio/start': { body: { success: true, data: started } },
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

    it("/kyc-jumio starts an attempt, frames the provider's page, and the header badge turns Pending", async () => {
      const net = signedInNetwork();
      renderRoutes(createRoutes, { path: '/kyc-jumio' });
      expect(await screen.findByRole('heading', { level: 1, name: 'Identity check' })).toBeInTheDocument();
      const frame = await screen.findByTitle('Identity check');
      expect(frame).toHaveAttribute('src', started.redirectUrl);
      // Jumio's Web Client's iFrame permissions (camera, and fullscreen and motion sensors for liveness).
      expect(frame).toHaveAttribute(
        'allow',
        'camera;autoplay;fullscreen;clipboard-read;clipboard-write;accelerometer;gyroscope;magnetometer',
      );
      expect(frame).toHaveAttribute('allowfullscreen');
      // The started attempt's record reaches every reader: the page, the header's badge, local storage.
      const panel = await screen.findByRole('region', { name: 'Verification record' });
      await vi.waitFor(() => expect(within(panel).getByText('Pending')).toBeInTheDocument());
      expect(await screen.findByTestId('verification-badge')).toHaveTextContent('Pending');
      expect(storage.get(JUMIO_KEY)).toEqual(started.jumio);
      expect(net.keys().filter((call) => call === 'POST v1/kyc/jumio/start')).toHaveLength(1);
      expect(net.keys().filter((call) => call === 'GET v1/getuser')).toHaveLength(1);
    });

    it('a live verificationUpdated turns the header badge without a reload, and the notification shows a toast', async () => {
      const socket = new FakeSocket();
      signedInNetwork();
      renderRoutes(createRoutes, { path: '/', live: { ioFactory: () => socket } });
      expect(await screen.findByTestId('verification-badge')).toHaveTextContent('Retry');
      await vi.waitFor(() => expect(socket.handlers.has('verificationUpdated')).toBe(true));
      act(() => {
        socket.serverSends('verificationUpdated', { jumio: { attempts: 3, decision: 'PASSED', status: 'DONE' } }, 41);
        socket.serverSends('notification', { type: 'success', content: 'Your identity is verified.' }, 42);
      });
      await vi.waitFor(() => expect(screen.getByTestId('verification-badge')).toHaveTextContent('Verified'));
      expect(storage.get(JUMIO_KEY)).toEqual({ attempts: 3, decision: 'PASSED', status: 'DONE' });
      expect(await screen.findByText('Your identity is verified.')).toBeInTheDocument();
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
