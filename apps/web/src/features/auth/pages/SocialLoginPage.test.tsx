import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { AUTH_TOKEN_KEY, REDIRECT_KEY } from '@store/shared';
import SocialLoginPage from './SocialLoginPage.tsx';
import LoginPage from './LoginPage.tsx';
import { failure, mockApi } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';

const session = {
  token: 'tok_social_4f9a1c2e8b7d',
  user: { _id: 'u-9', role: 'USER', email: 'fay@example.test', firstname: 'Fay', lastname: 'Book' },
};
const CODE = 'one-time-code-0123456789abcdef';
const SECRET = 's'.repeat(43);

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('SocialLoginPage', () => {
  it('trades the one-time code and this tab’s secret for a session, clears the fragment and goes on like a login', async () => {
    window.history.replaceState(null, '', `/social-login#code=${CODE}`);
    sessionStorage.setItem('socialSignInBinding', SECRET);
    localStorage.setItem(REDIRECT_KEY, '/cart');
    const api = mockApi({ 'POST v1/auth/social/exchange': { body: { success: true, data: session } } });
    const { store } = renderPage(<SocialLoginPage />, { path: '/social-login' });

    expect(await screen.findByText('Now at /cart')).toBeInTheDocument();
    expect(api.callsTo('POST', 'v1/auth/social/exchange')[0]?.body).toEqual({ code: CODE, verifier: SECRET });
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe(session.token);
    expect(store.getState().auth.token).toBe(session.token);
    expect(window.location.hash).toBe('');
    expect(sessionStorage.getItem('socialSignInBinding')).toBeNull();
  });

  it('refuses a code this tab did not start, without asking the server', async () => {
    window.history.replaceState(null, '', `/social-login#code=${CODE}`);
    const api = mockApi({});
    const { store } = renderPage(<SocialLoginPage />, { path: '/social-login' });
    expect(await screen.findByTestId('social-sign-in-error')).toHaveTextContent('not started in this browser tab');
    expect(api.calls).toHaveLength(0);
    expect(store.getState().auth.token).toBeNull();
  });

  it("shows the server's refusal of a used code and stays signed out", async () => {
    window.history.replaceState(null, '', `/social-login#code=${CODE}`);
    sessionStorage.setItem('socialSignInBinding', SECRET);
    mockApi({
      'POST v1/auth/social/exchange': failure(
        400,
        'This sign-in has expired or was already used. Please sign in again.',
        'SOCIAL_SIGN_IN_INVALID',
      ),
    });
    const { store } = renderPage(<SocialLoginPage />, { path: '/social-login' });
    expect(await screen.findByTestId('social-sign-in-error')).toHaveTextContent('expired or was already used');
    expect(store.getState().auth.token).toBeNull();
  });
});

describe('LoginPage with a social sign-in that came back refused', () => {
  it('offers both providers and says why the sign-in did not happen', async () => {
    mockApi({});
    renderPage(<LoginPage />, { path: '/login', at: '/login?social_error=identity' });
    expect(await screen.findByTestId('social-sign-in-error')).toHaveTextContent('could not be verified');
    expect(screen.getByRole('button', { name: 'Continue with Apple' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Continue with Facebook' })).toBeEnabled();
  });
});
