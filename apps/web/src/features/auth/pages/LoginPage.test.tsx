import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { AUTH_TOKEN_KEY, REDIRECT_KEY, USER_KEY } from '@store/shared';
import LoginPage from './LoginPage.tsx';
import { failure, mockApi } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';

// Typing through a real form is slow on a busy machine; the 5 s default is not about correctness.
afterEach(() => vi.unstubAllGlobals());

const session = {
  token: 'tok_4f9a1c2e8b7d6a5f',
  user: { _id: 'u-1', role: 'USER', email: 'sam@example.test', firstname: 'Sam', lastname: 'Shopper' },
};

async function signIn(user: ReturnType<typeof renderPage>['user'], email = 'sam@example.test', password = 'correct-horse') {
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it('refuses an empty form with inline errors and sends nothing', async () => {
    const api = mockApi({});
    const { user } = renderPage(<LoginPage />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('E-mail must be a valid e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the 2 fields marked below.');
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toHaveLength(0);
  });

  it('stores the session and goes to the page the guest asked for before signing in', async () => {
    localStorage.setItem(REDIRECT_KEY, '/product-details/p-7');
    const api = mockApi({ 'POST v1/auth/login': { body: { success: true, data: session } } });
    const { user, store } = renderPage(<LoginPage />, { path: '/login' });
    await signIn(user, '  Sam@Example.TEST ');

    expect(await screen.findByText('Now at /product-details/p-7')).toBeInTheDocument();
    expect(api.callsTo('POST', 'v1/auth/login')[0]?.body).toEqual({ email: 'sam@example.test', password: 'correct-horse' });
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe(session.token);
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? 'null')).toMatchObject({ _id: 'u-1', role: 'USER' });
    expect(localStorage.getItem(REDIRECT_KEY)).toBeNull();
    expect(store.getState().auth.token).toBe(session.token);
    expect(store.getState().login).toEqual({ showLoader: false, craditional: { email: 'sam@example.test' } });
  });

  it('goes to / when no page was remembered, and ignores a remembered address off this site', async () => {
    localStorage.setItem(REDIRECT_KEY, '//evil.example/phish');
    mockApi({ 'POST v1/auth/login': { body: { success: true, data: session } } });
    const { user } = renderPage(<LoginPage />, { path: '/login' });
    await signIn(user);
    expect(await screen.findByText('Now at /')).toBeInTheDocument();
  });

  it("shows the server's message on a wrong password and stays signed out", async () => {
    mockApi({ 'POST v1/auth/login': failure(401, 'Invalid e-mail or password.', 'UNAUTHORIZED') });
    const { user, store } = renderPage(<LoginPage />, { path: '/login' });
    await signIn(user, 'sam@example.test', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid e-mail or password.');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(store.getState().auth.token).toBeNull();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('explains an unconfirmed e-mail and links to sending the confirmation again', async () => {
    mockApi({ 'POST v1/auth/login': failure(403, 'Please confirm your e-mail address first.', 'EMAIL_NOT_VERIFIED') });
    const { user } = renderPage(<LoginPage />, { path: '/login' });
    await signIn(user);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please confirm your e-mail address before signing in.');
    expect(within(alert).getByRole('link', { name: 'send the confirmation e-mail again' })).toHaveAttribute('href', '/resend-email');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  it('confirms the e-mail from the ?verify= link once on arrival', async () => {
    const api = mockApi({ 'POST v1/auth/verify-email': { body: { success: true, message: 'E-mail confirmed.' } } });
    renderPage(<LoginPage />, { path: '/login', at: '/login?verify=0123456789abcdef0123' });

    expect(await screen.findByText('Your e-mail is confirmed. You can sign in now.')).toBeInTheDocument();
    // Rendered in StrictMode, which runs effects twice: the single-use token is still spent only once.
    expect(api.callsTo('POST', 'v1/auth/verify-email').map((c) => c.body)).toEqual([{ token: '0123456789abcdef0123' }]);
  });

  it('spends the token once when the page is mounted again, and the page mounted again says how it went', async () => {
    const api = mockApi({ 'POST v1/auth/verify-email': { body: { success: true, message: 'E-mail confirmed.' } } });
    const first = renderPage(<LoginPage />, { path: '/login', at: '/login?verify=remounted0123456789ab' });
    expect(await screen.findByText('Your e-mail is confirmed. You can sign in now.')).toBeInTheDocument();
    first.unmount();
    // As the layout does when the shopper signs in on this page: a new login page, the same address.
    renderPage(<LoginPage />, { path: '/login', at: '/login?verify=remounted0123456789ab' });
    expect(await screen.findByText('Your e-mail is confirmed. You can sign in now.')).toBeInTheDocument();
    expect(api.callsTo('POST', 'v1/auth/verify-email')).toHaveLength(1);
  });

  it("shows the server's reason when the confirmation link is no good", async () => {
    mockApi({ 'POST v1/auth/verify-email': failure(400, 'This confirmation link has expired or was already used.', 'BAD_REQUEST') });
    renderPage(<LoginPage />, { path: '/login', at: '/login?verify=expired0123456789abcd' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link has expired or was already used.');
  });

  it('says how long to wait when the account is slowed, and offers the password reset', async () => {
    const message =
      'Too many wrong passwords for this account. Please try again in 2 minutes. If the account is yours, the link we e-mailed to its address lets you sign in now, or you can reset your password.';
    mockApi({ 'POST v1/auth/login': failure(429, message, 'SIGN_IN_DELAYED') });
    const { user } = renderPage(<LoginPage />, { path: '/login' });
    await signIn(user);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please try again in 2 minutes.');
    expect(alert).toHaveTextContent('the link we e-mailed to its address lets you sign in now');
    expect(within(alert).getByRole('link', { name: 'Reset your password' })).toHaveAttribute('href', '/forgot-password');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  it('signs in past the wait with the e-mailed ?unlock= link', async () => {
    const api = mockApi({ 'POST v1/auth/login': { body: { success: true, data: session } } });
    const { user } = renderPage(<LoginPage />, { path: '/login', at: '/login?unlock=0123456789abcdef0123' });
    expect(screen.getByRole('status')).toHaveTextContent('Your sign-in link is ready');
    await signIn(user);

    expect(await screen.findByText('Now at /')).toBeInTheDocument();
    expect(api.callsTo('POST', 'v1/auth/login')[0]?.body).toEqual({
      email: 'sam@example.test',
      password: 'correct-horse',
      unlockToken: '0123456789abcdef0123',
    });
  });

  it('lets the user see the password they typed', async () => {
    mockApi({});
    const { user } = renderPage(<LoginPage />, { path: '/login' });
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('links to password help, sign-up and the confirmation e-mail', () => {
    mockApi({});
    renderPage(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Send it again' })).toHaveAttribute('href', '/resend-email');
  });
});
