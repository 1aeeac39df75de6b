import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import ForgotPasswordPage from './ForgotPasswordPage.tsx';
import ContinuePasswordPage from './ContinuePasswordPage.tsx';
import ResendEmailPage from './ResendEmailPage.tsx';
import NewPasswordPage from './NewPasswordPage.tsx';
import { failure, mockApi } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';

// Typing through a real form is slow on a busy machine; the 5 s default is not about correctness.
afterEach(() => vi.unstubAllGlobals());

const ok = { body: { success: true, message: 'If an account exists, we sent a link.' } };
const RESET_TOKEN = 'reset-0123456789abcdef';

describe('forgot password → continue password', () => {
  it('asks for a link, then confirms where it went and can send it again', async () => {
    const api = mockApi({ 'POST v1/auth/forgot-password': ok });
    const { user, store } = renderPage(<ForgotPasswordPage />, {
      path: '/forgot-password',
      extraRoutes: [{ path: '/continue-password', element: <ContinuePasswordPage /> }],
    });
    await user.type(screen.getByLabelText('E-mail'), 'sam@example.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText(/If an account exists for/)).toHaveTextContent(
      'If an account exists for sam@example.test, we sent it a link',
    );
    expect(store.getState().auth.emailForget).toBe('sam@example.test');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');

    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We sent the link to sam@example.test again.');
    expect(api.callsTo('POST', 'v1/auth/forgot-password').map((c) => c.body)).toEqual([
      { email: 'sam@example.test' },
      { email: 'sam@example.test' },
    ]);
  });

  it('refuses an address that is not one', async () => {
    const api = mockApi({});
    const { user } = renderPage(<ForgotPasswordPage />, { path: '/forgot-password' });
    await user.type(screen.getByLabelText('E-mail'), 'sam@');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('E-mail must be a valid e-mail address.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});

describe('ResendEmailPage', () => {
  it('gives the same answer for any address', async () => {
    const api = mockApi({ 'POST v1/auth/resend-email': ok });
    const { user } = renderPage(<ResendEmailPage />, { path: '/resend-email' });
    expect(screen.getAllByLabelText(/e-mail/i).map((el) => el.tagName)).toEqual(['INPUT']);
    await user.type(screen.getByLabelText('E-mail'), 'nobody@example.test');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If nobody@example.test belongs to an account that still needs confirming, we sent it a new confirmation link.',
    );
    expect(api.callsTo('POST', 'v1/auth/resend-email')[0]?.body).toEqual({ email: 'nobody@example.test' });
  });
});

describe('NewPasswordPage', () => {
  it('checks the link, takes the new password twice and sends the shopper to sign in', async () => {
    const api = mockApi({
      [`GET v1/auth/reset-password/${RESET_TOKEN}`]: { body: { success: true, data: { email: 'sam@example.test' } } },
      'POST v1/auth/reset-password': { body: { success: true, message: 'Password changed.' } },
    });
    const { user, store } = renderPage(<NewPasswordPage />, { path: '/new-password/:id', at: `/new-password/${RESET_TOKEN}` });

    expect(await screen.findByText('sam@example.test')).toBeInTheDocument();
    expect(store.getState().auth.resetToken).toBe(RESET_TOKEN);
    await user.type(screen.getByLabelText('Password'), 'new-pass-word-1');
    await user.type(screen.getByLabelText('Confirm password'), 'new-pass-word-2');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Confirm password must match the password.')).toBeInTheDocument();
    expect(api.callsTo('POST', 'v1/auth/reset-password')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'new-pass-word-1');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByText('Now at /login')).toBeInTheDocument();
    expect(await screen.findByText('Your password has been changed. Sign in with your new password.')).toBeInTheDocument();
    expect(api.callsTo('POST', 'v1/auth/reset-password')[0]?.body).toEqual({ token: RESET_TOKEN, password: 'new-pass-word-1' });
    expect(store.getState().auth.resetToken).toBeNull();
  });

  it('says clearly when the link is spent, with a way to get a new one', async () => {
    mockApi({ [`GET v1/auth/reset-password/${RESET_TOKEN}`]: failure(404, 'This link has expired or was already used.', 'NOT_FOUND') });
    renderPage(<NewPasswordPage />, { path: '/new-password/:id', at: `/new-password/${RESET_TOKEN}` });
    expect(await screen.findByRole('heading', { name: 'This link has expired or was already used' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });
});
