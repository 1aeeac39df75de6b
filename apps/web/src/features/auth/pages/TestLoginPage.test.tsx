import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { AUTH_TOKEN_KEY } from '@store/shared';
import TestLoginPage from './TestLoginPage.tsx';
import { failure, mockApi } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';

// Typing through a real form is slow on a busy machine; the 5 s default is not about correctness.
afterEach(() => vi.unstubAllGlobals());

// The server names an account by `name`; the web contract by `firstname` + `lastname`. Both must work.
const accounts = [
  { email: 'demo@luckydragon.example', role: 'USER', name: 'Dana Demo' },
  { email: 'admin@luckydragon.example', role: 'ADMIN', firstname: 'Ada', lastname: 'Admin' },
];

describe('TestLoginPage', () => {
  it('lists the demo accounts and signs in with one click', async () => {
    const api = mockApi({
      'GET v1/auth/test-accounts': { body: { success: true, data: accounts } },
      'POST v1/auth/test-login': ({ body }) => ({
        body: {
          success: true,
          data: {
            token: 'demo-token-0123456789',
            user: { _id: 'u-demo', role: 'USER', email: (body as { email: string }).email, firstname: 'Dana', lastname: 'Demo' },
          },
        },
      }),
    });
    const { user, store } = renderPage(<TestLoginPage />, { path: '/test-login' });

    expect(await screen.findByRole('button', { name: 'Sign in as Ada Admin (ADMIN)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in as Dana Demo (USER)' }));
    expect(await screen.findByText('Now at /')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in as Ada Admin (ADMIN)' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', 'v1/auth/test-login')[0]?.body).toEqual({ email: 'demo@luckydragon.example' });
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('demo-token-0123456789');
    expect(store.getState().auth.token).toBe('demo-token-0123456789');
  });

  it('says demo sign-in is off when the server has no demo data', async () => {
    mockApi({ 'GET v1/auth/test-accounts': failure(404, 'Not found.', 'NOT_FOUND') });
    renderPage(<TestLoginPage />, { path: '/test-login' });
    expect(await screen.findByText('Demo sign-in is off on this server.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sign in as/ })).not.toBeInTheDocument();
  });
});
